/**
 * The relay's side of Replay to page, over a real MessageChannel standing in for the hook's private port: which
 * rules a document learns and answers (its own origin and place only), and the URL checked by the relay itself.
 */
import { expect, test } from 'vitest';
import type { ContentMessage, ReplayRule } from '../../bridge/messages';
import { ReplayAnswers } from './replayAnswer';

const rule = (over: Partial<ReplayRule> = {}): ReplayRule => ({
  id: 'r1',
  label: 'run r',
  url: 'http://localhost:5173/agent?x=*',
  match: 'glob',
  method: 'POST',
  every: true,
  pace: 'instant',
  status: 200,
  statusText: 'OK',
  contentType: 'text/event-stream',
  steps: [{ base64: btoa('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n'), delay: 0, type: 'RUN_STARTED' }],
  armedAt: 0,
  origin: 'http://localhost:5173',
  frames: false,
  ...over,
});

/** A relay's answers for a document, and what its hook gets. */
function documentAt(origin: string, top: boolean, storage = new Map<string, string>()) {
  const channel = new MessageChannel();
  const hook: { kind: string; rules?: { id: string }[]; rid?: number; error?: string; known?: boolean }[] = [];
  let flushed: (() => void) | undefined;
  channel.port2.onmessage = (e) => (e.data?.kind === 'test-flush' ? flushed?.() : hook.push(e.data));
  const statuses: ContentMessage[] = [];
  const marker = { read: () => storage.has('armed'), write: (on: boolean) => void (on ? storage.set('armed', '1') : storage.delete('armed')) };
  const answers = new ReplayAnswers((s) => statuses.push(s), (u) => u, { origin, top, url: () => `${origin}/page` }, marker);
  answers.attach(channel.port1 as unknown as MessagePort);
  // Everything the relay posted so far has arrived once a message posted after it on the same port has (a port
  // delivers in order): no timer, so a busy machine cannot make the check run before the messages came (it did, with
  // a 20 ms wait). An instant rule's answer is posted synchronously, so nothing is still to come.
  const settle = () =>
    new Promise<void>((resolve) => {
      flushed = resolve;
      channel.port1.postMessage({ kind: 'test-flush' });
    });
  return { answers, hook, statuses, settle, close: () => channel.port1.close() };
}

test('the top document of the rule\'s origin learns it and is answered; the banner is told which document', async () => {
  const d = documentAt('http://localhost:5173', true);
  d.answers.setRules([rule()]);
  await d.settle();
  expect(d.hook.at(-1)).toMatchObject({ kind: 'rules', rules: [{ id: 'r1' }] });
  d.answers.onPageMessage({ kind: 'replay-ask', rid: 1, rule: 'r1', url: 'http://localhost:5173/agent?x=1', method: 'post' });
  await d.settle();
  expect(d.hook.map((m) => m.kind)).toEqual(['rules', 'replay-data', 'replay-end']);
  expect(d.statuses.at(-1)).toMatchObject({ kind: 'replay-status', state: 'done', frameUrl: 'http://localhost:5173/page', top: true });
  d.close();
});

test('a frame of another origin (the CORS case), or of the same origin without "frames", learns nothing and is never answered', async () => {
  for (const [origin, top] of [['http://127.0.0.1:9999', false], ['http://127.0.0.1:9999', true], ['http://localhost:5173', false]] as const) {
    const d = documentAt(origin, top);
    d.answers.setRules([rule()]);
    // Even asked directly (a hook that knew the rule), the relay refuses.
    d.answers.onPageMessage({ kind: 'replay-ask', rid: 1, rule: 'r1', url: 'http://localhost:5173/agent?x=1', method: 'POST' });
    await d.settle();
    expect(d.hook.filter((m) => m.kind === 'rules').flatMap((m) => m.rules ?? []), `${origin} top=${top}`).toEqual([]);
    expect(d.hook.filter((m) => m.kind === 'replay-data')).toEqual([]);
    expect(d.statuses).toEqual([]);
    d.close();
  }
  const frame = documentAt('http://localhost:5173', false);
  frame.answers.setRules([rule({ frames: true })]);
  frame.answers.onPageMessage({ kind: 'replay-ask', rid: 1, rule: 'r1', url: 'http://localhost:5173/agent?x=2', method: 'POST' });
  await frame.settle();
  expect(frame.hook.map((m) => m.kind)).toEqual(['rules', 'replay-data', 'replay-end']);
  expect(frame.statuses.at(-1)).toMatchObject({ top: false });
  frame.close();
});

test('the relay checks the URL and method itself: a request the rule does not match is not answered', async () => {
  const d = documentAt('http://localhost:5173', true);
  d.answers.setRules([rule()]);
  d.answers.onPageMessage({ kind: 'replay-ask', rid: 1, rule: 'r1', url: 'http://localhost:5173/secret', method: 'POST' });
  d.answers.onPageMessage({ kind: 'replay-ask', rid: 2, rule: 'r1', url: 'http://localhost:5173/agent?x=1', method: 'GET' });
  await d.settle();
  expect(d.hook.filter((m) => m.kind === 'replay-data')).toEqual([]);
  expect(d.hook.filter((m) => m.kind === 'replay-end').map((m) => m.error)).toEqual(['AG-UI DevTools: the replay rule was disarmed', 'AG-UI DevTools: the replay rule was disarmed']);
  d.close();
});

test('the marker is written only as the top document goes with something armed; the next document waits for the rules, and the page never finds it while it runs', async () => {
  const storage = new Map<string, string>();
  const first = documentAt('http://localhost:5173', true, storage);
  first.answers.setKnown();
  await first.settle();
  // Nothing armed, no marker found: the hook is told nothing.
  expect(first.hook).toEqual([]);
  first.answers.setRules([rule({ every: false })]);
  // Armed, and the document runs on: nothing in the storage its page could read.
  expect(storage.has('armed')).toBe(false);
  first.answers.leaving();
  expect(storage.has('armed')).toBe(true);
  first.close();

  // The reload, its relay first: it finds the marker, which the hook then takes away before the page's first script.
  const reloaded = documentAt('http://localhost:5173', true, storage);
  storage.delete('armed');
  await reloaded.settle();
  expect(reloaded.hook).toEqual([]);
  reloaded.answers.setRules([rule({ every: false })]);
  reloaded.answers.setKnown();
  await reloaded.settle();
  expect(reloaded.hook.at(-1)).toMatchObject({ kind: 'rules', known: true, rules: [{ id: 'r1' }] });
  expect(storage.has('armed')).toBe(false);
  // Used up (the next request only): leaving now leaves no marker.
  reloaded.answers.onPageMessage({ kind: 'replay-ask', rid: 1, rule: 'r1', url: 'http://localhost:5173/agent?x=1', method: 'POST' });
  reloaded.answers.setRules([]);
  reloaded.answers.leaving();
  expect(storage.has('armed')).toBe(false);
  reloaded.close();

  // The hook first (registered scripts may run so): it took the marker and says it waits; nothing armed now is told.
  const hookFirst = documentAt('http://localhost:5173', true, storage);
  hookFirst.answers.onPageMessage({ kind: 'armed-wait' });
  hookFirst.answers.setKnown();
  await hookFirst.settle();
  expect(hookFirst.hook).toEqual([expect.objectContaining({ kind: 'rules', known: true, rules: [] })]);
  // Back from the back-forward cache, the document goes on: the marker its pagehide wrote goes.
  hookFirst.answers.setRules([rule()]);
  hookFirst.answers.leaving();
  expect(storage.has('armed')).toBe(true);
  hookFirst.answers.leaving(true);
  expect(storage.has('armed')).toBe(false);
  hookFirst.close();

  // A frame (same origin, same storage) never writes the top document's marker.
  const frame = documentAt('http://localhost:5173', false, storage);
  frame.answers.setRules([rule({ frames: true })]);
  frame.answers.leaving();
  expect(storage.has('armed')).toBe(false);
  frame.close();
});
