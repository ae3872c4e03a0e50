/**
 * Sessions people can share safely (issue 11): export with each redaction group and in each format; the file holds
 * none of the redacted strings, still lints and replays; the generated test passes under vitest in a scratch project
 * and fails once the session is edited to break a rule.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type ChromiumWithExtension, launchChromium } from '../support/chromium';
import { type ProbeServer, startProbeServer } from '../support/probeServer';
import { checkExported, checkGeneratedTest, checkRedacted, GROUP_LABEL, type Group, READABLE_FORMATS, SECRET_BODY, SECRETS } from '../support/sharing';

// Each test runs the CLI or vitest as processes of their own (lint and replay per file; vitest twice in a scratch
// project: 34-56 s of a test's default 90 s when npm test's three browsers share 2 busy cores with it). Their time is
// the machine's, not what the tests check.
test.describe.configure({ timeout: 240_000 });

let probe: ProbeServer;
let browser: ChromiumWithExtension;
let panel: Page;

test.beforeAll(async () => {
  probe = await startProbeServer();
  browser = await launchChromium();
  const page = await browser.context.newPage();
  await page.goto(`${probe.url}/probe`);
  await page.evaluate((body) => fetch('/secrets', { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.text()), SECRET_BODY);
  panel = await browser.openPanel(await browser.tabIdOf(page));
  await expect(panel.getByTestId('event-count')).toHaveText('16 events');
});
test.afterAll(async () => {
  await browser?.close();
  await probe?.close();
});

async function exportFile(format: string, groups: Group[] = []): Promise<{ name: string; text: string; path: string }> {
  await panel.getByTestId('export').click();
  const dialog = panel.getByTestId('export-dialog');
  await dialog.locator(`input[name=export-format][value=${format}]`).check();
  const redaction = dialog.getByTestId('redaction');
  // Request bodies have their own control (kept, redacted or left out); the other groups are checkboxes.
  for (const g of groups)
    if (g === 'requestBodies') await dialog.getByRole('group', { name: 'Request bodies' }).getByLabel('Redact their strings').check();
    else await redaction.getByLabel(GROUP_LABEL[g], { exact: true }).check();
  const button = dialog.getByTestId('export-confirm');
  await expect(button).toHaveText(groups.length ? /^Export \(redacted: / : 'Export (unredacted)');
  const [download] = await Promise.all([panel.waitForEvent('download'), button.click()]);
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
}

test('every format, named <host>-<date>.agui.*, reads back with the same events and no error', async () => {
  for (const [format, ext] of READABLE_FORMATS) checkExported(await exportFile(format), ext, 16);
});

for (const group of Object.keys(SECRETS) as Group[]) {
  test(`redacting ${GROUP_LABEL[group]}: the file holds none of it, and still lints and replays`, async () => {
    for (const format of group === 'requestBodies' ? (['session'] as const) : (['session', 'jsonl', 'sse'] as const)) {
      checkRedacted(await exportFile(format, [group]), group, format);
    }
  });
}

test('the generated vitest file passes in a project that depends on agui-devtools, and fails once the session breaks a rule', async () => {
  checkGeneratedTest(await exportFile('test'));
});
