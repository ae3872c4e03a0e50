/**
 * Sessions people can share safely, in Firefox (issue 11): each format and each redaction group exported from the
 * panel into Firefox's download folder; the file holds none of the redacted strings, still lints and replays; the
 * generated vitest file passes in a scratch project and fails once the session breaks a rule.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FirefoxWithExtension, launchFirefox } from '../support/firefox';
import { poll, textOf } from '../support/poll';
import { type ProbeServer, startProbeServer } from '../support/probeServer';
import { checkExported, checkGeneratedTest, checkRedacted, GROUP_LABEL, type Group, READABLE_FORMATS, SECRET_BODY, SECRETS } from '../support/sharing';

let probe: ProbeServer;
let firefox: FirefoxWithExtension;
let panel: Page;
const downloads = mkdtempSync(join(tmpdir(), 'agui-ff-sharing-'));

beforeAll(async () => {
  probe = await startProbeServer();
  firefox = await launchFirefox({
    prefs: { 'browser.download.folderList': 2, 'browser.download.dir': downloads, 'browser.download.useDownloadDir': true, 'browser.download.always_ask_before_handling_new_types': false },
  });
  const page = await firefox.browser.newPage();
  await page.goto(`${probe.url}/probe?case=sharing`);
  await page.evaluate((body: string) => fetch('/secrets', { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.text()), SECRET_BODY);
  panel = await firefox.openPanel(await firefox.tabIdOf(page));
  expect(await poll(() => textOf(panel, '[data-testid=event-count]'), (t) => t === '16 events')).toBe('16 events');
});
afterAll(async () => {
  await firefox?.close();
  await probe?.close();
  rmSync(downloads, { recursive: true, force: true });
});

/** Exports from the panel's dialog and waits for Firefox to finish writing the file. */
async function exportFile(format: string, groups: Group[] = []): Promise<{ name: string; text: string; path: string }> {
  const before = new Set(readdirSync(downloads));
  await panel.click('[data-testid=export]');
  await panel.evaluate(
    (f: string, labels: string[]) => {
      const dialog = document.querySelector('[data-testid=export-dialog]')!;
      dialog.querySelector<HTMLInputElement>(`input[name=export-format][value=${f}]`)!.click();
      for (const label of dialog.querySelectorAll('[data-testid=redaction] label'))
        if (labels.includes(label.textContent!.trim())) label.querySelector('input')!.click();
      // Request bodies have their own control (kept, redacted or left out).
      if (labels.includes('request bodies')) dialog.querySelector<HTMLInputElement>('input[name=export-bodies][value=redact]')!.click();
    },
    format,
    groups.map((g) => GROUP_LABEL[g]),
  );
  expect(await textOf(panel, '[data-testid=export-confirm]')).toMatch(groups.length ? /^Export \(redacted: / : /^Export \(unredacted\)$/);
  await panel.click('[data-testid=export-confirm]');
  // Firefox makes the file empty first and writes a .part beside it: done when there is no .part and the file has its
  // bytes, the same size twice in a row (a busy machine can show the empty file between the two).
  let lastSize = -1;
  const name = await poll(
    async () => {
      const files = readdirSync(downloads);
      const f = files.find((x) => !before.has(x) && !x.endsWith('.part') && !files.includes(`${x}.part`));
      if (f === undefined || !existsSync(join(downloads, f))) return undefined;
      const size = statSync(join(downloads, f)).size;
      const settled = size > 0 && size === lastSize;
      lastSize = size;
      return settled ? f : undefined;
    },
    (f) => f !== undefined,
  );
  expect(name, `a new file in ${downloads}`).toBeDefined();
  const path = join(downloads, name!);
  return { name: name!, text: readFileSync(path, 'utf8'), path };
}

test('Firefox: every format, named <host>-<date>.agui.*, reads back with the same events and no error', async () => {
  for (const [format, ext] of READABLE_FORMATS) checkExported(await exportFile(format), ext, 16);
});

test('Firefox: each redaction group (in turn as session, JSONL and SSE): the file holds none of it, and still lints and replays', async () => {
  const formats = ['session', 'jsonl', 'sse'] as const;
  const groups = Object.keys(SECRETS) as Group[];
  for (const [i, group] of groups.entries()) {
    // Request bodies exist only in the session file.
    const format = group === 'requestBodies' ? 'session' : formats[i % formats.length]!;
    checkRedacted(await exportFile(format, [group]), group, format);
  }
});

test('Firefox: the generated vitest file passes in a project that depends on agui-devtools, and fails once the session breaks a rule', async () => {
  checkGeneratedTest(await exportFile('test'));
});
