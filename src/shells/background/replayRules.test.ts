import { expect, test } from 'vitest';
import type { ReplayRule } from '../../bridge/messages';
import { ReplayRules } from './replayRules';

const rule = (id: string, every = false, origin = 'http://127.0.0.1:5173', frames = false): ReplayRule => ({
  id,
  label: `run ${id}`,
  url: 'http://127.0.0.1/agent',
  match: 'prefix',
  method: 'POST',
  every,
  pace: 'instant',
  status: 200,
  statusText: 'OK',
  contentType: 'text/event-stream',
  steps: [{ base64: 'ZGF0YToge30KCg==', delay: 0, type: 'RUN_STARTED' }],
  armedAt: 0,
  origin,
  frames,
});

function setup() {
  const log: string[] = [];
  const stored: Record<string, unknown> = {};
  const rules = new ReplayRules({
    store: (items) => Object.assign(stored, items),
    remove: (key) => delete stored[key],
    toTab: async (tabId, c) => log.push(`tab ${tabId}: ${c.kind} ${c.kind === 'replay-rules' ? c.rules.map((r) => r.id).join(',') : ''}`),
    toPanels: (tabId, m) => log.push(`panels ${tabId}: ${m.kind}`),
    badge: (tabId, text) => log.push(`badge ${tabId}: ${text}`),
  });
  return { rules, log, stored };
}

test('arming sends the rules to that tab only, stores them for reloads and restarts, badges the tab, and tells the panels once the tab has them', async () => {
  const { rules, log, stored } = setup();
  rules.arm(7, rule('a'));
  await Promise.resolve();
  expect(log).toEqual(['badge 7: RPL', 'tab 7: replay-rules a', 'panels 7: replay-rules']);
  expect(Object.keys(stored)).toEqual(['replay-rules:7']);
  expect(rules.summaries(7)).toEqual([expect.objectContaining({ id: 'a', total: 1 })]);
  expect(rules.rulesFor(8)).toEqual([]);
  // A restarted background reads them back.
  const again = setup();
  again.rules.load(stored);
  expect(again.rules.rulesFor(7).map((r) => r.id)).toEqual(['a']);
});

test('a rule for the next request is used up when the relay answers with it; "every" stays; disarm clears the badge', () => {
  const { rules, log, stored } = setup();
  rules.arm(7, rule('once'));
  rules.arm(7, rule('every', true));
  log.length = 0;
  rules.status(7, { rule: 'once', rid: 1, state: 'answering', sent: 0, total: 1, url: 'u', method: 'POST', frameUrl: 'http://127.0.0.1:5173/', top: true });
  expect(rules.rulesFor(7).map((r) => r.id)).toEqual(['every']);
  rules.status(7, { rule: 'every', rid: 2, state: 'answering', sent: 0, total: 1, url: 'u', method: 'POST', frameUrl: 'http://127.0.0.1:5173/', top: true });
  expect(rules.rulesFor(7).map((r) => r.id)).toEqual(['every']);
  rules.disarm(7);
  expect(rules.rulesFor(7)).toEqual([]);
  expect(stored).toEqual({});
  expect(log).toContain('badge 7: ');
});

test('a rule answers only documents of its origin (frames when allowed); another origin in the top frame disarms it', async () => {
  const { rules, log } = setup();
  rules.arm(7, rule('top'));
  rules.arm(7, rule('frames', false, 'http://127.0.0.1:5173', true));
  rules.arm(7, rule('other', false, 'http://localhost:4000'));
  expect(rules.rulesForDocument(7, 'http://127.0.0.1:5173', true).map((r) => r.id)).toEqual(['top', 'frames']);
  expect(rules.rulesForDocument(7, 'http://127.0.0.1:5173', false).map((r) => r.id)).toEqual(['frames']);
  // A frame of another origin (the CORS case) gets nothing, even when its rules' URL is the one it fetches.
  expect(rules.rulesForDocument(7, 'http://127.0.0.1:9999', false)).toEqual([]);
  expect(rules.rulesForDocument(7, 'http://127.0.0.1:9999', true)).toEqual([]);
  // A rule with no origin answers nothing and is refused.
  expect(rules.arm(7, rule('none', false, ''))).toBe(false);
  await new Promise((r) => setTimeout(r, 0));
  log.length = 0;
  const gone = rules.navigated(7, 'http://localhost:4000');
  expect(gone.map((r) => r.id)).toEqual(['top', 'frames']);
  expect(rules.rulesFor(7).map((r) => r.id)).toEqual(['other']);
  await new Promise((r) => setTimeout(r, 0));
  expect(log).toEqual(['badge 7: RPL', 'tab 7: replay-rules other', 'panels 7: replay-rules']);
  // The same origin again (a reload) keeps what is armed.
  expect(rules.navigated(7, 'http://localhost:4000')).toEqual([]);
  // Stored by a version without origins: not loaded.
  const again = setup();
  again.rules.load({ 'replay-rules:3': [{ ...rule('old'), origin: undefined }] });
  expect(again.rules.rulesFor(3)).toEqual([]);
});
