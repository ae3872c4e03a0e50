/**
 * A seeded generator of AG-UI event sequences for differential tests and benchmarks: every event type, valid
 * runs and broken ones (ids reused, events out of order, nulls, unknown types, failing patches, chunks in
 * lanes, THINKING_*, subagents, interrupts). Same seed, same sequence.
 */

export type Rng = () => number;

/** mulberry32: small, fast, good enough for test data. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type E = Record<string, unknown>;

const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const chance = (r: Rng, p: number) => r() < p;
const WORDS = ['alpha ', 'beta ', 'gamma ', 'delta ', 'épsilon ', '数据 ', '👋 ', '"quoted" ', 'line\n', ''];

function jsonValue(r: Rng, depth = 0): unknown {
  const k = r();
  if (depth > 2 || k < 0.3) return pick(r, [1, 0, -3.5, 'text', true, false, null, 'ü']);
  if (k < 0.65) {
    const o: E = {};
    const n = 1 + Math.floor(r() * 3);
    for (let i = 0; i < n; i++) o[pick(r, ['a', 'b', 'c', 'items', 'count', 'x~y', 'sl/ash'])] = jsonValue(r, depth + 1);
    return o;
  }
  return Array.from({ length: Math.floor(r() * 3) }, () => jsonValue(r, depth + 1));
}

function patchOp(r: Rng, valid: boolean): E {
  const paths = ['/a', '/b', '/items', '/items/0', '/items/-', '/count', '/a/b', '/missing/deep', '/x~1y', ''];
  const op = pick(r, ['add', 'add', 'replace', 'remove', 'move', 'copy', 'test']);
  const path = pick(r, paths);
  const o: E = { op, path };
  if (op === 'add' || op === 'replace' || op === 'test') o.value = jsonValue(r);
  if (op === 'move' || op === 'copy') o.from = pick(r, paths);
  if (!valid && chance(r, 0.5)) {
    if (chance(r, 0.5)) o.op = 'frobnicate';
    else delete o.path;
  }
  return o;
}

const metadata = (r: Rng): E | undefined => (chance(r, 0.15) ? { [pick(r, ['usage', 'trace', 'ag-ui'])]: jsonValue(r) } : undefined);

function withMeta(r: Rng, e: E): E {
  const m = metadata(r);
  return m ? { ...e, metadata: m } : e;
}

interface GenOptions {
  /** 0: valid runs only; higher: more broken events. */
  chaos: number;
  length: number;
}

/** One random sequence; with chaos 0 the reference accepts all of it. */
/** What a sequence being generated knows: its random source, how broken it may be, and the ids it made. */
interface Gen {
  r: Rng;
  chaos: number;
  out: E[];
  id(prefix: string): string;
  knownMessages: string[];
  knownTools: string[];
  activities: string[];
  subagents: string[];
  openSteps: string[];
}

export function generateSequence(seed: number, options: Partial<GenOptions> = {}): E[] {
  const r = rng(seed);
  const chaos = options.chaos ?? (chance(r, 0.5) ? 0 : r() * 0.3);
  const length = options.length ?? 8 + Math.floor(r() * 50);
  const out: E[] = [];
  let runN = 0;
  let idN = 0;
  const id = (p: string) => `${p}-${++idN}`;
  const knownMessages: string[] = [];
  const knownTools: string[] = [];
  const activities: string[] = [];
  const subagents: string[] = [];
  let pendingInterrupts: E[] = [];
  const openSteps: string[] = [];
  const g: Gen = { r, chaos, out, id, knownMessages, knownTools, activities, subagents, openSteps };

  while (out.length < length) {
    runN++;
    const runId = `run-${runN}`;
    const start: E = { type: 'RUN_STARTED', threadId: 'thread-1', runId };
    if (chance(r, 0.2)) {
      start.input = {
        threadId: 'thread-1',
        runId,
        state: {},
        messages: [{ id: chance(r, 0.5) ? id('user') : (knownMessages[0] ?? 'user-0'), role: 'user', content: 'hi' }],
        tools: [],
        context: [],
        forwardedProps: {},
        ...(pendingInterrupts.length && chance(r, 0.8)
          ? { resume: pendingInterrupts.map((i) => ({ interruptId: i.id, status: chance(r, 0.8) ? 'resolved' : 'cancelled', payload: { approved: true } })) }
          : {}),
      };
    }
    if (chance(r, 0.1)) start.parentRunId = `run-${runN - 1}`;
    out.push(start);
    pendingInterrupts = [];
    openSteps.length = 0;
    const body = 3 + Math.floor(r() * 14);
    for (let k = 0; k < body; k++) {
      const sub = chance(r, 0.1) && subagents.length ? { subagentRunId: pick(r, subagents) } : {};
      const kind = Math.floor(r() * 17);
      if (kind <= 2) textEvents(g, kind, sub);
      else if (kind <= 5) toolsEvents(g, kind, sub);
      else if (kind <= 10) stateEvents(g, kind, sub);
      else if (kind <= 12) reasoningEvents(g, kind, sub);
      else otherEvents(g, kind, sub);
    }
    while (openSteps.length && !chance(r, chaos)) out.push({ type: 'STEP_FINISHED', stepName: openSteps.pop()! });
    // Close subagents left open by the run, unless chaos says not to.
    const finish = r();
    if (finish < 0.12) out.push({ type: 'RUN_ERROR', message: 'boom', ...(chance(r, 0.5) ? { code: 'E' } : {}) });
    else {
      const outcome =
        finish < 0.3
          ? { type: 'interrupt', interrupts: [{ id: id('int'), reason: pick(r, ['tool_call', 'confirmation', 'acme:review', 'weird']), ...(chance(r, 0.7) ? { toolCallId: knownTools.at(-1) ?? 'c' } : {}), responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } } } }] }
          : finish < 0.35
            ? { type: 'cancelled' }
            : chance(r, 0.5)
              ? { type: 'success' }
              : undefined;
      const fin: E = { type: 'RUN_FINISHED', threadId: 'thread-1', runId, ...(outcome ? { outcome } : {}), ...(chance(r, 0.2) ? { result: { answer: 42 } } : {}) };
      if (outcome?.type === 'interrupt') pendingInterrupts = outcome.interrupts as E[];
      out.push(fin);
    }
  }
  return out;
}

/** Text messages, streamed or as chunks. */
function textEvents(g: Gen, kind: number, sub: E): void {
  const { r, chaos, out, id, knownMessages, knownTools, activities, subagents, openSteps } = g;
  switch (kind) {
      case 0:
      case 1: {
        const messageId = chance(r, 0.1) && knownMessages.length ? pick(r, knownMessages) : id('msg');
        knownMessages.push(messageId);
        out.push(withMeta(r, { type: 'TEXT_MESSAGE_START', messageId, ...(chance(r, 0.7) ? { role: pick(r, ['assistant', 'user', 'system', 'developer']) } : {}), ...(chance(r, 0.1) ? { name: 'bot' } : {}), ...sub }));
        for (let n = Math.floor(r() * 4); n > 0; n--) out.push(withMeta(r, { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: pick(r, WORDS), ...sub }));
        if (!chance(r, chaos)) out.push(withMeta(r, { type: 'TEXT_MESSAGE_END', messageId, ...sub }));
        break;
      }
      case 2: {
        const messageId = id('chunk');
        knownMessages.push(messageId);
        out.push(withMeta(r, { type: 'TEXT_MESSAGE_CHUNK', messageId, delta: pick(r, WORDS), ...(chance(r, 0.3) ? { role: 'assistant' } : {}), ...sub }));
        for (let n = Math.floor(r() * 3); n > 0; n--) out.push(withMeta(r, { type: 'TEXT_MESSAGE_CHUNK', ...(chance(r, 0.5) ? { messageId } : {}), delta: pick(r, WORDS), ...sub }));
        break;
      }
  }
}

/** Tool calls with arguments and results, streamed or as chunks. */
function toolsEvents(g: Gen, kind: number, sub: E): void {
  const { r, chaos, out, id, knownMessages, knownTools, activities, subagents, openSteps } = g;
  switch (kind) {
      case 3:
      case 4: {
        const toolCallId = chance(r, 0.05) && knownTools.length ? pick(r, knownTools) : id('call');
        knownTools.push(toolCallId);
        const parent = pick(r, [undefined, undefined, knownMessages.at(-1), knownMessages[0], 'unknown-parent', '']);
        out.push(withMeta(r, { type: 'TOOL_CALL_START', toolCallId, toolCallName: pick(r, ['search', 'weather']), ...(parent !== undefined ? { parentMessageId: parent } : {}), ...sub }));
        for (let n = Math.floor(r() * 3); n > 0; n--) out.push(withMeta(r, { type: 'TOOL_CALL_ARGS', toolCallId, delta: pick(r, ['{"q":', '"x"', '}', '']), ...sub }));
        if (!chance(r, chaos)) out.push(withMeta(r, { type: 'TOOL_CALL_END', toolCallId, ...sub }));
        if (chance(r, 0.6)) {
          const resultId = id('result');
          knownMessages.push(resultId);
          out.push(withMeta(r, { type: 'TOOL_CALL_RESULT', messageId: resultId, toolCallId: chance(r, 0.9) ? toolCallId : 'nope', content: pick(r, ['ok', '{"t":21}']), ...(chance(r, 0.5) ? { role: 'tool' } : {}), ...sub }));
        }
        break;
      }
      case 5: {
        const toolCallId = id('tchunk');
        knownTools.push(toolCallId);
        out.push({ type: 'TOOL_CALL_CHUNK', toolCallId, toolCallName: 'lookup', delta: '{"a":', ...(chance(r, 0.3) ? { parentMessageId: knownMessages.at(-1) ?? 'p' } : {}), ...sub });
        if (chance(r, 0.7)) out.push({ type: 'TOOL_CALL_CHUNK', delta: '1}', ...sub });
        break;
      }
  }
}

/** State and messages snapshots, state and activity patches. */
function stateEvents(g: Gen, kind: number, sub: E): void {
  const { r, chaos, out, id, knownMessages, knownTools, activities, subagents, openSteps } = g;
  switch (kind) {
      case 6:
        out.push(withMeta(r, { type: 'STATE_SNAPSHOT', snapshot: { a: jsonValue(r), items: [], count: 0 }, ...sub }));
        break;
      case 7:
        out.push({ type: 'STATE_DELTA', delta: Array.from({ length: 1 + Math.floor(r() * 3) }, () => patchOp(r, !chance(r, chaos))), ...sub });
        break;
      case 8: {
        const messages: E[] = [];
        for (const mid of knownMessages.slice(-2)) if (chance(r, 0.5)) messages.push({ id: mid, role: 'assistant', content: 'rewritten' });
        messages.push({ id: id('snap'), role: pick(r, ['user', 'assistant']), content: 'from snapshot' });
        if (chance(r, 0.3)) messages.push({ id: id('act'), role: 'activity', activityType: 'PLAN', content: { step: 1 } });
        if (chance(r, 0.3)) messages.push({ id: id('rsn'), role: 'reasoning', content: 'thought' });
        if (chance(r, 0.2)) messages.push({ id: id('tools'), role: 'assistant', toolCalls: [{ id: id('snapcall'), type: 'function', function: { name: 'f', arguments: '{}' } }] });
        for (const m of messages) knownMessages.push(m.id as string);
        const snap: E = { type: 'MESSAGES_SNAPSHOT', messages };
        if (chance(r, 0.15)) snap.metadata = { '@ag-ui/client': { authoritativeActivityTypes: pick(r, [null, ['PLAN'], []]) } };
        out.push(snap);
        break;
      }
      case 9: {
        const messageId = chance(r, 0.4) && activities.length ? pick(r, activities) : chance(r, chaos) && knownMessages.length ? pick(r, knownMessages) : id('activity');
        activities.push(messageId);
        out.push(withMeta(r, { type: 'ACTIVITY_SNAPSHOT', messageId, activityType: pick(r, ['PLAN', 'SEARCH']), content: { items: [], count: 0 }, ...(chance(r, 0.3) ? { replace: chance(r, 0.5) } : {}), ...sub }));
        break;
      }
      case 10:
        out.push(withMeta(r, { type: 'ACTIVITY_DELTA', messageId: activities.length && !chance(r, chaos) ? pick(r, activities) : 'nowhere', activityType: 'PLAN', patch: [patchOp(r, !chance(r, chaos))], ...sub }));
        break;
  }
}

/** Reasoning spans and messages, encrypted values, and the deprecated THINKING_* events. */
function reasoningEvents(g: Gen, kind: number, sub: E): void {
  const { r, chaos, out, id, knownMessages, knownTools, activities, subagents, openSteps } = g;
  switch (kind) {
      case 11: {
        const span = id('reason');
        out.push({ type: 'REASONING_START', messageId: span, ...sub });
        if (chance(r, 0.5)) {
          const m = id('rmsg');
          knownMessages.push(m);
          out.push(withMeta(r, { type: 'REASONING_MESSAGE_START', messageId: m, role: 'reasoning', ...sub }));
          out.push(withMeta(r, { type: 'REASONING_MESSAGE_CONTENT', messageId: m, delta: pick(r, WORDS), ...sub }));
          out.push({ type: 'REASONING_MESSAGE_END', messageId: m, ...sub });
          if (chance(r, 0.5)) out.push({ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: m, encryptedValue: 'enc', ...sub });
        } else {
          const m = id('rchunk');
          knownMessages.push(m);
          out.push({ type: 'REASONING_MESSAGE_CHUNK', messageId: m, delta: 'think', ...sub });
          out.push({ type: 'REASONING_MESSAGE_CHUNK', delta: 'ing', ...sub });
        }
        if (knownTools.length && chance(r, 0.3)) out.push({ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: pick(r, knownTools), encryptedValue: 'enc2' });
        if (!chance(r, chaos)) out.push({ type: 'REASONING_END', messageId: span, ...sub });
        break;
      }
      case 12:
        out.push({ type: 'THINKING_START', ...(chance(r, 0.5) ? { title: 'Plan' } : {}) });
        out.push({ type: 'THINKING_TEXT_MESSAGE_START' });
        out.push({ type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'hmm' });
        out.push({ type: 'THINKING_TEXT_MESSAGE_END' });
        out.push({ type: 'THINKING_END' });
        break;
  }
}

/** Subagents, steps, raw and custom events, and events broken on purpose. */
function otherEvents(g: Gen, kind: number, sub: E): void {
  const { r, chaos, out, id, knownMessages, knownTools, activities, subagents, openSteps } = g;
  switch (kind) {
      case 13: {
        const subagentRunId = id('sub');
        const parent = subagents.length && chance(r, 0.3) ? { parentSubagentRunId: pick(r, subagents) } : {};
        out.push({ type: 'SUBAGENT_STARTED', subagentRunId, name: 'helper', ...parent, ...(chance(r, 0.3) ? { parentToolCallId: knownTools.at(-1) ?? 'x' } : {}) });
        subagents.push(subagentRunId);
        const m = id('submsg');
        knownMessages.push(m);
        out.push({ type: 'TEXT_MESSAGE_START', messageId: m, subagentRunId });
        out.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: m, delta: 'sub says', subagentRunId });
        out.push({ type: 'TEXT_MESSAGE_END', messageId: m, subagentRunId });
        if (!chance(r, chaos)) {
          out.push(
            chance(r, 0.8)
              ? { type: 'SUBAGENT_FINISHED', subagentRunId, ...(chance(r, 0.5) ? { outcome: { type: 'success' } } : {}), ...(chance(r, 0.3) ? { result: { ok: true } } : {}) }
              : { type: 'SUBAGENT_ERROR', subagentRunId, message: 'failed' },
          );
        }
        break;
      }
      case 14: {
        const name = pick(r, ['plan', 'act', 'reflect']);
        if (openSteps.includes(name) || chance(r, 0.5)) {
          if (openSteps.length) out.push({ type: 'STEP_FINISHED', stepName: openSteps.pop()!, ...sub });
        } else {
          openSteps.push(name);
          out.push({ type: 'STEP_STARTED', stepName: name });
        }
        break;
      }
      case 15:
        out.push(chance(r, 0.5) ? { type: 'RAW', event: jsonValue(r), ...(chance(r, 0.5) ? { source: 'openai' } : {}) } : { type: 'CUSTOM', name: 'x', value: jsonValue(r) });
        break;
      case 16:
        if (chance(r, chaos)) {
          out.push(
            pick(r, [
              { type: 'TOTALLY_UNKNOWN', x: 1 },
              { type: 'TEXT_MESSAGE_CONTENT', messageId: 'never-opened', delta: 'x' },
              { type: 'TEXT_MESSAGE_START', messageId: knownMessages.at(-1) ?? 'm' },
              { type: 'TOOL_CALL_ARGS', toolCallId: 'never', delta: 'x' },
              { type: 'STEP_FINISHED', stepName: 'never-started' },
              { type: 'SUBAGENT_FINISHED', subagentRunId: 'ghost' },
              { type: 'TEXT_MESSAGE_START', messageId: 'n', subagentRunId: null },
              { type: 'TOOL_CALL_START', toolCallId: id('nullparent'), toolCallName: 'f', parentMessageId: null },
              { type: 'TEXT_MESSAGE_CHUNK', delta: 'no id' },
              { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'nested' },
              { type: 'META', metaType: 'thumbs_up', payload: {} },
              { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 5 },
            ]),
          );
        }
        break;
  }
}

/**
 * A long valid session for benchmarks: runs of streamed text, tool calls with results, state deltas and
 * reasoning, as real agents produce, about `events` events long. The reference accepts all of it.
 */
export function generateSession(events: number, seed = 1): E[] {
  const r = rng(seed);
  const out: E[] = [];
  let run = 0;
  let n = 0;
  out.push({ type: 'RUN_STARTED', threadId: 't', runId: `r${++run}` });
  out.push({ type: 'STATE_SNAPSHOT', snapshot: { todos: [], count: 0, profile: { name: 'Ada', tags: ['a', 'b'] } } });
  while (out.length < events - 4) {
    const k = r();
    if (k < 0.55) {
      const messageId = `m${++n}`;
      out.push({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
      for (let i = 0; i < 20; i++) out.push({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: pick(r, WORDS) || 'x' });
      out.push({ type: 'TEXT_MESSAGE_END', messageId });
    } else if (k < 0.75) {
      const toolCallId = `c${++n}`;
      out.push({ type: 'TOOL_CALL_START', toolCallId, toolCallName: 'search' });
      for (let i = 0; i < 8; i++) out.push({ type: 'TOOL_CALL_ARGS', toolCallId, delta: '{"q":1}'.slice(0, 1 + (i % 3)) });
      out.push({ type: 'TOOL_CALL_END', toolCallId });
      out.push({ type: 'TOOL_CALL_RESULT', messageId: `res${n}`, toolCallId, content: 'done' });
    } else if (k < 0.9) {
      out.push({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/todos/-', value: { id: n++, done: false } }, { op: 'replace', path: '/count', value: n }] });
    } else if (k < 0.97) {
      const messageId = `rs${++n}`;
      out.push({ type: 'REASONING_START', messageId });
      out.push({ type: 'REASONING_MESSAGE_START', messageId: `${messageId}-m`, role: 'reasoning' });
      for (let i = 0; i < 6; i++) out.push({ type: 'REASONING_MESSAGE_CONTENT', messageId: `${messageId}-m`, delta: 'think ' });
      out.push({ type: 'REASONING_MESSAGE_END', messageId: `${messageId}-m` });
      out.push({ type: 'REASONING_END', messageId });
    } else {
      out.push({ type: 'RUN_FINISHED', threadId: 't', runId: `r${run}` });
      out.push({ type: 'RUN_STARTED', threadId: 't', runId: `r${++run}` });
    }
  }
  out.push({ type: 'RUN_FINISHED', threadId: 't', runId: `r${run}` });
  return out;
}
