/**
 * A warm Firefox profile to start from. A fresh profile costs Firefox about 6 s of CPU to set up (its startup
 * cache, databases, first-run work); a copy of a profile Firefox has already started once costs about half. The
 * template is made once per Firefox build (keyed by the executable's size and time) in the system's temp folder,
 * by a Firefox that opens about:blank and nothing else: no test ever runs in it, each launch gets its own copy.
 */
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

const templateDir = (executablePath: string): string => {
  const { size, mtimeMs } = statSync(executablePath);
  return join(tmpdir(), `agui-devtools-firefox-profile-${size}-${Math.round(mtimeMs)}`);
};

async function makeTemplate(executablePath: string, dir: string): Promise<void> {
  const fresh = mkdtempSync(`${dir}.making-`);
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true, args: ['--profile', fresh] });
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
  } finally {
    await browser.close();
  }
  // Atomic: two test workers may both make one; the first rename wins, the other copy goes.
  try {
    renameSync(fresh, dir);
  } catch {
    rmSync(fresh, { recursive: true, force: true });
  }
}

/** A new profile folder, a copy of the warm template (made first if needed); the caller removes it after use. */
export async function warmProfile(executablePath: string): Promise<string> {
  const dir = templateDir(executablePath);
  if (!existsSync(join(dir, 'prefs.js'))) await makeTemplate(executablePath, dir);
  const copy = mkdtempSync(join(tmpdir(), 'agui-devtools-firefox-'));
  cpSync(dir, copy, { recursive: true });
  // A lock left by the template's Firefox would make this one refuse the profile.
  for (const lock of ['lock', '.parentlock']) rmSync(join(copy, lock), { force: true });
  return copy;
}
