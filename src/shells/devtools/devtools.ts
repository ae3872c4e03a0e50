/** The devtools_page: registers the "AG-UI" panel for the inspected tab. */
import browser from 'webextension-polyfill';

void browser.devtools.panels.create('AG-UI', 'icons/icon-32.png', 'panel.html');
