/**
 * `npm start`: build, start the demo agent, and open Chromium with the extension loaded and DevTools on the
 * "AG-UI" panel. With a display it stays open for you; without one it runs headless, drives one demo
 * conversation, writes a screenshot of the panel to test-results/artifacts/panel.png and exits.
 *
 *   npm start [-- --no-build] [--headless] [--port 8787]
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startDemoServer } from '../demo/server';
import { launchChromium } from '../e2e/support/chromium';
import { devtoolsFor } from '../e2e/support/devtools';
import { CHROME_EXTENSION, FIREFOX_EXTENSION, ROOT } from '../e2e/support/paths';
import { browserVersion, ensureBrowsers } from '../e2e/support/browsers';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};

const headless = flag('headless') || !(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const rel = (p: string) => relative(process.cwd(), p) || '.';

async function main() {
  const { chromium } = ensureBrowsers(['chromium']);
  console.log(`Chromium: ${chromium} (${browserVersion(chromium)})`);
  if (!flag('no-build')) {
    console.log('Building the extension (Chrome and Firefox), the demo page and the CLI…');
    execSync('npm run --silent build', { stdio: 'inherit', cwd: ROOT });
  }

  const demo = await startDemoServer({ port: Number(option('port') ?? 8787), delayMs: headless ? 10 : 40 }).catch(() =>
    startDemoServer({ port: 0, delayMs: headless ? 10 : 40 }),
  );
  console.log(`Demo agent and page: ${demo.url}/`);

  const browser = await launchChromium({ headless, args: ['--auto-open-devtools-for-tabs'] });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(`${demo.url}/`);
  const devtools = await devtoolsFor(browser.context, page);
  await devtools.showPanel('AG-UI');
  if (headless) {
    await devtools.dock('undocked');
    await devtools.resize(1280, 760);
  }
  console.log('DevTools is open on the AG-UI panel.');

  const howToLoad = [
    '',
    'The built extension:',
    `  Chrome / Chromium: ${rel(CHROME_EXTENSION)}  (chrome://extensions → Developer mode → Load unpacked)`,
    `  Firefox:           ${rel(FIREFOX_EXTENSION)}  (about:debugging → This Firefox → Load Temporary Add-on → manifest.json)`,
    'Then open DevTools on a page that talks AG-UI and pick the "AG-UI" panel.',
  ].join('\n');

  if (headless) {
    console.log('No display: running headless. Driving one demo conversation (every scenario)…');
    await page.evaluate(() => window.demo.runAll());
    const panel = await devtools.panelFrame(browser.extensionId);
    // Wait until the count stops changing: every event has reached the panel.
    let count = '';
    for (let i = 0, stable = 0; i < 200 && stable < 5; i++) {
      const now = await panel.evaluate<string>(`document.querySelector('[data-testid=event-count]')?.textContent ?? ''`);
      stable = now === count && /^[1-9]\d* events$/.test(now) ? stable + 1 : 0;
      count = now;
      await new Promise((r) => setTimeout(r, 100));
    }
    // The screenshot shows the Waterfall of every run as of the latest event, and the metrics of the last one.
    await panel.evaluate(`(() => {
      document.querySelector('[data-tab=waterfall]')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    })()`);
    await new Promise((r) => setTimeout(r, 300));
    // Into an ignored folder: the checkout stays as it was (the committed pictures are refreshed by npm run artifacts).
    const artifacts = join(ROOT, 'test-results', 'artifacts');
    mkdirSync(artifacts, { recursive: true });
    const shot = join(artifacts, 'panel.png');
    writeFileSync(shot, await devtools.screenshot());
    console.log(`The panel shows ${count}.`);
    console.log(`Screenshot of the DevTools panel: ${rel(shot)}`);
    console.log(howToLoad);
    await browser.close();
    await demo.close();
    return;
  }

  console.log('Click the buttons on the demo page and watch the AG-UI panel. Close the browser or press Ctrl-C to stop.');
  console.log(howToLoad);
  const stop = async () => {
    await browser.close().catch(() => undefined);
    await demo.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  browser.context.on('close', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
