/**
 * The source zip AMO asks for (issue 24): unpacked in a temporary folder and built with README's "Build from source"
 * commands, it gives the very files of the Chrome and Firefox zips (SHA-256 of each compared). The zips are made from
 * this build (dist/), the source zip from the working tree (new files too); `npm ci` is a link to this checkout's
 * node_modules (the same lockfile, checked); `npm run package` does the same with a real `npm ci`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildCommands, hashes, rebuildFromSource, worktreeRev, zipExtension, zipSource } from '../../scripts/release';

const dir = mkdtempSync(join(tmpdir(), 'agui-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("README's build commands install and build both browsers", () => {
  expect(buildCommands()).toEqual(['npm ci', 'npm run build:chrome', 'npm run build:firefox']);
});

test('the source zip, unpacked and built with README\'s commands, gives files identical to the packages\'', () => {
  const out = join(dir, 'release');
  mkdirSync(out);
  const packages = { chrome: zipExtension('chrome', out), firefox: zipExtension('firefox', out) };
  const source = zipSource(out, worktreeRev());
  // Enough files that a build writing nothing, or a zip holding nothing, cannot pass.
  expect(hashes(packages.chrome).size).toBeGreaterThan(10);
  expect(hashes(packages.firefox).size).toBeGreaterThan(10);
  expect(rebuildFromSource(source, packages, join(dir, 'build'), 'link')).toEqual([]);
}, 120_000);
