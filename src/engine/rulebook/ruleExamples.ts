/**
 * One input per rule that breaks it: RULES.md shows them, and a unit test lints each one and checks that it
 * raises its rule with the registered severity. An input is a list of events (a JSON array file), text (SSE or
 * JSONL), bytes in hex (a protobuf frame dump, or text that is not valid UTF-8), or a session file as the extension
 * exports it (the transport rules need a capture's timing).
 */

import { exportSession } from '../io/exportFormat';
import { Session } from '../session/session';
import { streamInfo } from '../session/streamInfo';

export type RuleExample = { what: string } & ({ events: unknown[] } | { text: string } | { hex: string } | { session: object });

type Obj = Record<string, unknown>;

const RS = (runId = 'r1'): Obj => ({ type: 'RUN_STARTED', threadId: 't1', runId });
const RF = (runId = 'r1', extra: Obj = {}): Obj => ({ type: 'RUN_FINISHED', threadId: 't1', runId, ...extra });
const text = (id: string, delta: string, extra: Obj = {}): Obj[] => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant', ...extra },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta, ...extra },
  { type: 'TEXT_MESSAGE_END', messageId: id, ...extra },
];
const tool = (id: string, name: string, extra: Obj = {}): Obj[] => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, ...extra },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}', ...extra },
  { type: 'TOOL_CALL_END', toolCallId: id, ...extra },
];
const input = (runId: string, resume?: unknown[]): Obj => ({
  threadId: 't1',
  runId,
  state: {},
  messages: [],
  tools: [],
  context: [],
  forwardedProps: {},
  ...(resume && { resume }),
});
const BASIC = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const v9 = (op: Obj): Obj => ({ version: 'v0.9', ...op });
/** A run whose one a2ui-surface activity carries these operations. */
const surface = (ops: Obj[]): Obj[] => [RS(), { type: 'ACTIVITY_SNAPSHOT', messageId: 'a2ui-surface-c1', activityType: 'a2ui-surface', content: { a2ui_operations: ops } }, RF()];
const card = (): Obj[] => [{ updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Card', child: 't' }, { id: 't', component: 'Text', text: 'Hi' }] } }];
const created = (components: Obj[]): Obj[] => [v9({ createSurface: { surfaceId: 's', catalogId: BASIC } }), v9({ updateComponents: { surfaceId: 's', components } })];
const interrupted = (interrupts: Obj[]): Obj => RF('r1', { outcome: { type: 'interrupt', interrupts } });
const ask = (id: string, extra: Obj = {}): Obj => ({ id, reason: 'input_required', message: 'Which city?', ...extra });
const resumed = (resume: unknown[]): Obj => ({ ...RS('r2'), input: input('r2', resume) });
const sub = (id: string, extra: Obj = {}): Obj => ({ type: 'SUBAGENT_STARTED', subagentRunId: id, name: 'researcher', ...extra });
const subDone = (id: string, extra: Obj = {}): Obj => ({ type: 'SUBAGENT_FINISHED', subagentRunId: id, ...extra });
const json = (e: Obj): string => JSON.stringify(e);
const RUN_STARTED_FRAME = '0000000c620a0a02080b1201741a0172';
const hexOf = (s: string): string => Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, '0')).join('');

export const RULE_EXAMPLES: Record<string, RuleExample> = {
  // Frames
  'json/invalid': { what: 'A JSONL line is cut off.', text: `${json(RS())}\n{"type":"RUN_FINISHED","threadId":"t1",\n` },
  'json/too-deep': {
    what: 'A STATE_SNAPSHOT nests 1,001 arrays deep.',
    text: `${json(RS())}\n{"type":"STATE_SNAPSHOT","snapshot":${'['.repeat(1001)}${']'.repeat(1001)}}\n${json(RF())}\n`,
  },
  'sse/unterminated-frame': { what: 'The stream ends inside a frame (no blank line after the last data line).', text: `data: ${json(RS())}\n\ndata: ${json(RF())}` },
  'sse/unknown-field': { what: 'A frame has a field SSE does not define.', text: `data: ${json(RS())}\nkind: run\n\ndata: ${json(RF())}\n\n` },
  'sse/invalid-id': { what: 'An id field holds a NUL character.', text: `id: a\u0000b\ndata: ${json(RS())}\n\ndata: ${json(RF())}\n\n` },
  'sse/invalid-retry': { what: 'A retry field is not a number of milliseconds.', text: `retry: soon\ndata: ${json(RS())}\n\ndata: ${json(RF())}\n\n` },
  'sse/invalid-utf8': { what: 'A data line holds a byte that is not UTF-8 (0xFF).', hex: `${hexOf(`data: {"type":"RUN_STARTED","threadId":"t1","runId":"r`)}ff${hexOf(`"}\n\ndata: ${json(RF('r\uFFFD'))}\n\n`)}` },
  'sse/no-data': { what: 'A frame holds a field but no data line.', text: `data: ${json(RS())}\n\nkind: ping\n\ndata: ${json(RF())}\n\n` },
  'proto/frame-too-large': { what: 'The second frame declares 2 GB.', hex: `${RUN_STARTED_FRAME}7fffffff00` },
  'proto/truncated': { what: 'The dump ends 3 bytes into a frame header.', hex: `${RUN_STARTED_FRAME}000000` },
  'proto/invalid': { what: 'A frame whose field says 5 bytes follow, and 1 does.', hex: `${RUN_STARTED_FRAME}000000030a0501` },
  'proto/unknown-event': { what: 'A frame sets only field 100, an event this version does not know.', hex: `${RUN_STARTED_FRAME}00000003a20600` },
  // Events
  'event/not-object': { what: 'An element of the array is a number.', events: [RS(), 42, RF()] },
  'event/no-type': { what: 'An event has no type.', events: [RS(), { messageId: 'm1', delta: 'Hi' }, RF()] },
  'event/unknown-type': { what: 'An event type no SDK defines.', events: [RS(), { type: 'TEXT_MESSAGE_APPEND', messageId: 'm1' }, RF()] },
  'event/draft': { what: 'META, a draft event.', events: [RS(), { type: 'META', metaType: 'thumbs_up', payload: {} }, RF()] },
  'schema/invalid': { what: 'messageId is a number.', events: [RS(), { type: 'TEXT_MESSAGE_START', messageId: 7, role: 'assistant' }, RF()] },
  'schema/null-optional': { what: 'An optional field sent as null.', events: [RS(), ...text('m1', 'Hi', { name: null }), RF()] },
  'schema/unrecognized': { what: 'A field the event type does not have.', events: [{ ...RS(), agent: 'planner' }, RF()] },
  'compat/deprecated-shape': { what: 'RUN_FINISHED.result sent as null (an older producer).', events: [RS(), RF('r1', { result: null })] },
  'event/deprecated': { what: 'THINKING_START, replaced by REASONING_START.', events: [RS(), { type: 'THINKING_START' }, { type: 'THINKING_END' }, RF()] },
  // What the page's client changes before the app sees it
  'client/mapped': { what: 'THINKING_START, which the client uses as REASONING_START.', events: [RS(), { type: 'THINKING_START' }, { type: 'THINKING_END' }, RF()] },
  'client/expanded': { what: 'A TEXT_MESSAGE_CHUNK, which the app sees as TEXT_MESSAGE_START and TEXT_MESSAGE_CONTENT.', events: [RS(), { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Hi' }, RF()] },
  'client/inserted': {
    what: 'RUN_FINISHED while a chunked message is open: the client inserts its TEXT_MESSAGE_END first.',
    events: [RS(), { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Hi' }, RF()],
  },
  'client/dropped-null': { what: 'RUN_FINISHED.result sent as null: the app sees no result.', events: [RS(), RF('r1', { result: null })] },
  'client/converted': {
    what: 'A legacy binary content part, which the app sees as an image part.',
    events: [RS(), { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u1', role: 'user', content: [{ type: 'binary', mimeType: 'image/png', data: 'iVBORw0KGgo=' }] }] }, RF()],
  },
  // Runs and steps
  'run/first-event': { what: 'A message before RUN_STARTED.', events: [...text('m1', 'Hi'), RS(), RF()] },
  'run/failed': { what: 'The run fails: a RUN_ERROR, with the agent\'s message and code.', events: [RS(), { type: 'RUN_ERROR', message: 'The model is overloaded', code: 'overloaded' }] },
  'run/finished-other-id': { what: 'RUN_FINISHED names another run than its RUN_STARTED opened (the server\'s run id).', events: [RS(), RF('srv-9')] },
  'run/after-error': { what: 'An event after RUN_ERROR.', events: [RS(), { type: 'RUN_ERROR', message: 'boom' }, ...text('m1', 'Hi')] },
  'run/after-finished': { what: 'An event after RUN_FINISHED.', events: [RS(), RF(), ...text('m1', 'Hi')] },
  'run/already-active': { what: 'A second RUN_STARTED before the first run finished.', events: [RS(), RS('r2'), RF('r2')] },
  'run/finished-while-open': { what: 'RUN_FINISHED while a message is still open.', events: [RS(), { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, RF()] },
  'step/already-open': { what: 'The same step started twice.', events: [RS(), { type: 'STEP_STARTED', stepName: 'plan' }, { type: 'STEP_STARTED', stepName: 'plan' }, RF()] },
  'step/not-started': { what: 'A step finished that never started.', events: [RS(), { type: 'STEP_FINISHED', stepName: 'plan' }, RF()] },
  'step/wrong-owner': {
    what: 'A subagent starts a step, the parent agent finishes it.',
    events: [RS(), sub('s1'), { type: 'STEP_STARTED', stepName: 'plan', subagentRunId: 's1' }, { type: 'STEP_FINISHED', stepName: 'plan' }, subDone('s1'), RF()],
  },
  'stream/unfinished-run': { what: 'The stream ends with the run still running.', events: [RS(), ...text('m1', 'Hi')] },
  // Text and reasoning
  'text/already-open': { what: 'TEXT_MESSAGE_START twice for one id.', events: [RS(), { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, ...text('m1', 'Hi'), RF()] },
  'text/not-open': { what: 'Content for a message that was never started.', events: [RS(), { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm9', delta: 'Hi' }, RF()] },
  'text/unknown-message': {
    what: 'Content for an open message that a MESSAGES_SNAPSHOT removed.',
    events: [RS(), { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'MESSAGES_SNAPSHOT', messages: [] }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' }, { type: 'TEXT_MESSAGE_END', messageId: 'm1' }, RF()],
  },
  'text/empty-delta': { what: 'An empty delta.', events: [RS(), ...text('m1', ''), RF()] },
  'reasoning/empty-delta': {
    what: 'An empty reasoning delta.',
    events: [
      RS(),
      { type: 'REASONING_START', messageId: 'r1' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: '' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
      { type: 'REASONING_END', messageId: 'r1' },
      RF(),
    ],
  },
  'reasoning/already-open': { what: 'REASONING_START twice for one id.', events: [RS(), { type: 'REASONING_START', messageId: 'r1' }, { type: 'REASONING_START', messageId: 'r1' }, RF()] },
  'reasoning/not-open': { what: 'Reasoning content with no reasoning message open.', events: [RS(), { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'hmm' }, RF()] },
  'chunk/first-without-id': { what: 'The first TEXT_MESSAGE_CHUNK has no messageId.', events: [RS(), { type: 'TEXT_MESSAGE_CHUNK', delta: 'Hi' }, RF()] },
  'chunk/first-without-name': { what: 'The first TOOL_CALL_CHUNK has no toolCallName.', events: [RS(), { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', delta: '{}' }, RF()] },
  'chunk/field-mismatch': {
    what: 'A later chunk of one message names another role.',
    events: [RS(), { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'assistant', delta: 'Hi' }, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'user', delta: '!' }, RF()],
  },
  'chunk/lane-mismatch': {
    what: "A chunk continues the parent agent's message but names a subagent.",
    events: [RS(), sub('s1'), { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Hi' }, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: '!', subagentRunId: 's1' }, subDone('s1'), RF()],
  },
  'chunk/ambiguous': {
    what: 'Two subagents have a message open; a chunk names neither a message nor a subagent.',
    events: [
      RS(),
      sub('s1'),
      sub('s2'),
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'a', subagentRunId: 's1' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm2', delta: 'b', subagentRunId: 's2' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'c' },
      RF(),
    ],
  },
  // Tool calls
  'tool/already-open': { what: 'TOOL_CALL_START twice for one id.', events: [RS(), { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' }, ...tool('c1', 'search'), RF()] },
  'tool/not-open': { what: 'Arguments for a tool call that was never started.', events: [RS(), { type: 'TOOL_CALL_ARGS', toolCallId: 'c9', delta: '{}' }, RF()] },
  'tool/unknown-call': {
    what: 'Arguments for an open tool call that a MESSAGES_SNAPSHOT removed.',
    events: [RS(), { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' }, { type: 'MESSAGES_SNAPSHOT', messages: [] }, { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, RF()],
  },
  'tool/args-not-json': {
    what: 'A tool call that ends with arguments cut short (the most common bug of real LLM producers).',
    events: [RS(), { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' }, { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q": "ag-ui' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, RF()],
  },
  'text/reused-id': {
    what: 'A second TEXT_MESSAGE_START with the id of a message that already ended (its text is glued to the first).',
    events: [RS(), ...text('m1', 'First answer.'), ...text('m1', 'Second answer.'), RF()],
  },
  'tool/unknown-result': { what: 'A result for a tool call nobody made.', events: [RS(), { type: 'TOOL_CALL_RESULT', messageId: 'm2', toolCallId: 'c9', content: '42' }, RF()] },
  'tool/renamed': { what: 'A tool call id reused with another tool name.', events: [RS(), ...tool('c1', 'search'), ...tool('c1', 'fetch'), RF()] },
  'tool/parent-not-assistant': {
    what: "A tool call's parentMessageId is a user message.",
    events: [RS(), { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u1', role: 'user', content: 'Hi' }] }, ...tool('c1', 'search', { parentMessageId: 'u1' }), RF()],
  },
  'tool/parent-owner': {
    what: "A subagent's tool call hangs off the parent agent's message.",
    events: [RS(), sub('s1'), ...text('m1', 'Hi'), ...tool('c1', 'search', { parentMessageId: 'm1', subagentRunId: 's1' }), subDone('s1'), RF()],
  },
  // State and activity
  'state/patch-failed': { what: 'A patch removes a key that is not there.', events: [RS(), { type: 'STATE_SNAPSHOT', snapshot: {} }, { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/cart' }] }, RF()] },
  'state/patch-before-snapshot': { what: 'Before any snapshot, a patch replaces a key the events never set.', events: [RS(), { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/cart', value: [] }] }, RF()] },
  'state/empty-delta': { what: 'A STATE_DELTA with no operations.', events: [RS(), { type: 'STATE_SNAPSHOT', snapshot: {} }, { type: 'STATE_DELTA', delta: [] }, RF()] },
  'activity/delta-before-snapshot': {
    what: 'An ACTIVITY_DELTA for an activity no snapshot created.',
    events: [RS(), { type: 'ACTIVITY_DELTA', messageId: 'a1', activityType: 'plan', patch: [{ op: 'add', path: '/done', value: true }] }, RF()],
  },
  'activity/not-activity': {
    what: 'An ACTIVITY_DELTA aimed at a text message.',
    events: [RS(), ...text('m1', 'Hi'), { type: 'ACTIVITY_DELTA', messageId: 'm1', activityType: 'plan', patch: [{ op: 'add', path: '/done', value: true }] }, RF()],
  },
  'activity/patch-failed': {
    what: 'An activity patch replaces a key that is not there.',
    events: [
      RS(),
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'plan', content: { steps: [] } },
      { type: 'ACTIVITY_DELTA', messageId: 'a1', activityType: 'plan', patch: [{ op: 'replace', path: '/title', value: 'x' }] },
      RF(),
    ],
  },
  'id/activity-collision': {
    what: 'A text message reuses the id of an activity.',
    events: [RS(), { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'plan', content: {} }, ...text('a1', 'Hi'), RF()],
  },
  // Interrupts and resumes
  'interrupt/empty': { what: 'An interrupt outcome with no interrupts.', events: [RS(), interrupted([])] },
  'interrupt/tool-call-id': { what: 'A tool_call interrupt without toolCallId.', events: [RS(), interrupted([{ id: 'i1', reason: 'tool_call' }])] },
  'interrupt/reason': { what: 'A reason in the reserved core: namespace.', events: [RS(), interrupted([ask('i1', { reason: 'core:approval' })])] },
  'interrupt/duplicate-id': { what: 'Two interrupts with one id.', events: [RS(), interrupted([ask('i1'), ask('i1')])] },
  'resume/missing': { what: 'The next run starts without answering the interrupt.', events: [RS(), interrupted([ask('i1')]), { ...RS('r2'), input: input('r2') }, RF('r2')] },
  'resume/partial': {
    what: 'The resume answers one of two open interrupts.',
    events: [RS(), interrupted([ask('i1'), ask('i2')]), resumed([{ interruptId: 'i1', status: 'resolved', payload: 'Paris' }]), RF('r2')],
  },
  'resume/unknown-id': {
    what: 'The resume answers an interrupt that is not open.',
    events: [RS(), interrupted([ask('i1')]), resumed([{ interruptId: 'i1', status: 'resolved', payload: 'Paris' }, { interruptId: 'i7', status: 'resolved', payload: 'Rome' }]), RF('r2')],
  },
  'resume/cancel-payload': {
    what: 'A cancelled resume carries a payload.',
    events: [RS(), interrupted([ask('i1')]), resumed([{ interruptId: 'i1', status: 'cancelled', payload: 'Paris' }]), RF('r2')],
  },
  'resume/expired': {
    what: 'An interrupt that expired in 2020 is resolved.',
    events: [RS(), interrupted([ask('i1', { expiresAt: '2020-01-01T00:00:00Z' })]), { ...resumed([{ interruptId: 'i1', status: 'resolved', payload: 'Paris' }]), timestamp: Date.UTC(2026, 0, 1) }, RF('r2')],
  },
  'resume/payload-schema': {
    what: "The payload does not fit the interrupt's responseSchema.",
    events: [RS(), interrupted([ask('i1', { responseSchema: { type: 'object', required: ['city'] } })]), resumed([{ interruptId: 'i1', status: 'resolved', payload: 'Paris' }]), RF('r2')],
  },
  'resume/unanswered-tool-call': {
    what: 'A tool_call interrupt is resolved, and the resumed run sends no TOOL_CALL_RESULT.',
    events: [
      RS(),
      ...tool('c1', 'deploy'),
      interrupted([{ id: 'i1', reason: 'tool_call', toolCallId: 'c1', message: 'Deploy?' }]),
      resumed([{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }]),
      RF('r2'),
    ],
  },
  'resume/without-interrupt': { what: 'A run carries a resume though nothing is interrupted.', events: [{ ...RS(), input: input('r1', [{ interruptId: 'i1', status: 'resolved', payload: 'Paris' }]) }, RF()] },
  // Subagents
  'attribution/null': { what: 'subagentRunId sent as null.', events: [RS(), ...text('m1', 'Hi', { subagentRunId: null }), RF()] },
  'attribution/mismatch': {
    what: "A subagent writes into the parent agent's message.",
    events: [
      RS(),
      sub('s1'),
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi', subagentRunId: 's1' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      subDone('s1'),
      RF(),
    ],
  },
  'subagent/missing-field': { what: 'SUBAGENT_STARTED without a name.', events: [RS(), { type: 'SUBAGENT_STARTED', subagentRunId: 's1' }, subDone('s1'), RF()] },
  'subagent/null-field': { what: 'SUBAGENT_STARTED with description: null.', events: [RS(), sub('s1', { description: null }), subDone('s1'), RF()] },
  'subagent/outcome': { what: 'A suspended outcome names an interrupt by a number.', events: [RS(), sub('s1'), subDone('s1', { outcome: { type: 'suspended', interruptIds: [7] } }), RF()] },
  'subagent/already-active': { what: 'A subagent started twice.', events: [RS(), sub('s1'), sub('s1'), subDone('s1'), RF()] },
  'subagent/reused': { what: 'A finished subagent run id started again.', events: [RS(), sub('s1'), subDone('s1'), sub('s1'), subDone('s1'), RF()] },
  'subagent/unknown-parent': { what: 'parentSubagentRunId names a subagent that never started.', events: [RS(), sub('s1', { parentSubagentRunId: 's0' }), subDone('s1'), RF()] },
  'subagent/not-active': { what: 'A subagent finished that never started.', events: [RS(), subDone('s9'), RF()] },
  'subagent/suspended-unknown-interrupt': {
    what: 'A subagent is suspended on an interrupt the run does not raise.',
    events: [RS(), sub('s1'), subDone('s1', { outcome: { type: 'suspended', interruptIds: ['i9'] } }), interrupted([ask('i1')])],
  },
  // Generative UI: A2UI v0.9 surfaces and MCP apps, as the AG-UI middlewares stream them in activity snapshots.
  'a2ui/version': { what: 'An A2UI operation without "version": "v0.9".', events: surface([{ createSurface: { surfaceId: 's', catalogId: BASIC } }, ...card()].map((op, i) => (i === 0 ? op : v9(op)))) },
  'a2ui/bad-operation': { what: 'An operation with both createSurface and updateComponents.', events: surface([v9({ createSurface: { surfaceId: 's', catalogId: BASIC }, updateComponents: { surfaceId: 's', components: [] } })]) },
  'a2ui/surface-not-created': { what: 'updateComponents for a surface no createSurface made.', events: surface(card().map(v9)) },
  'a2ui/duplicate-id': {
    what: "One updateComponents defines the id 'title' twice.",
    events: surface(created([{ id: 'root', component: 'Column', children: ['title'] }, { id: 'title', component: 'Text', text: 'A' }, { id: 'title', component: 'Text', text: 'B' }])),
  },
  'a2ui/unknown-catalog': { what: 'A surface on a catalog this product does not have.', events: surface([v9({ createSurface: { surfaceId: 's', catalogId: 'https://example.com/my_catalog.json' } }), ...card().map(v9)]) },
  'a2ui/unknown-component': { what: "A component of type 'Carousel', which the basic catalog lacks.", events: surface(created([{ id: 'root', component: 'Carousel', children: [] }])) },
  'a2ui/missing-prop': { what: 'A Button without its action.', events: surface(created([{ id: 'root', component: 'Button', child: 'label' }, { id: 'label', component: 'Text', text: 'Go' }])) },
  'a2ui/no-root': { what: "Components, none with the id 'root'.", events: surface(created([{ id: 'main', component: 'Column', children: ['t'] }, { id: 't', component: 'Text', text: 'Hi' }])) },
  'a2ui/missing-child': {
    what: "A Column names the child 'temp', which no component defines.",
    events: surface(created([{ id: 'root', component: 'Column', children: ['city', 'temp'] }, { id: 'city', component: 'Text', text: 'Lisbon' }])),
  },
  'a2ui/unreachable': {
    what: "A component that no path from 'root' reaches.",
    events: surface(created([{ id: 'root', component: 'Column', children: ['a'] }, { id: 'a', component: 'Text', text: 'A' }, { id: 'b', component: 'Text', text: 'B' }])),
  },
  'a2ui/unbound-path': {
    what: "A Text bound to '/temperature' on a data model without it.",
    events: surface([...created([{ id: 'root', component: 'Card', child: 't' }, { id: 't', component: 'Text', text: { path: '/temperature' } }]), v9({ updateDataModel: { surfaceId: 's', path: '/', value: { city: 'Lisbon' } } })]),
  },
  'mcp-apps/no-resource-uri': {
    what: 'An mcp-apps snapshot without resourceUri.',
    events: [RS(), { type: 'ACTIVITY_SNAPSHOT', messageId: 'app1', activityType: 'mcp-apps', content: { toolInput: {}, result: { content: [{ type: 'text', text: '3 files' }] } } }, RF()],
  },
  'mcp-apps/bad-result': {
    what: 'An mcp-apps snapshot whose result is a bare string.',
    events: [RS(), { type: 'ACTIVITY_SNAPSHOT', messageId: 'app1', activityType: 'mcp-apps', content: { resourceUri: 'ui://files/list', toolInput: {}, result: '3 files' } }, RF()],
  },
};

/** A session file of one captured SSE stream: its request at 1000 ms, then `chunks` of text at their times. */
function captured(chunks: [number, string][], options: { contentType?: string; closedAt?: number } = {}): object {
  const session = new Session();
  session.open(streamInfo('s1', { url: 'http://localhost:8000/agent', frameUrl: 'http://localhost:5173/', responseHeaders: [['content-type', options.contentType ?? 'text/event-stream']], openedAt: 1000 }));
  for (const [t, text] of chunks) session.chunk('s1', t, new TextEncoder().encode(text));
  session.close('s1', options.closedAt ?? chunks[chunks.length - 1]![0]);
  // A fixed export time, so that RULES.md renders the same every time.
  return { ...exportSession(session), exportedAt: '2026-01-01T00:00:00.000Z' };
}
const sse = (...events: Obj[]) => events.map((e) => `data: ${json(e)}\n\n`).join('');

// Built when read (RULES.md, the tests), not each time the CLI starts (about 20 ms of every command).
export const TRANSPORT_EXAMPLES: Record<string, RuleExample> = {
  'transport/buffered': {
    what: 'Five events sent in one chunk 3 s after the request (the server buffered its response).',
    get session() {
      return captured([[4000, sse(RS(), ...text('m1', 'Hello'), RF())]]);
    },
  },
  'transport/content-type': {
    what: 'A response labelled text/event-stream whose body is JSON lines.',
    get session() {
      return captured([[1100, [RS(), RF()].map((e) => `${json(e)}\n`).join('')]]);
    },
  },
  'transport/idle-gap': {
    what: 'A stream silent for 20 s between two events, without a keep-alive comment.',
    get session() {
      return captured([
        [1100, sse(RS())],
        [21_100, sse(RF())],
      ]);
    },
  },
};
Object.assign(RULE_EXAMPLES, TRANSPORT_EXAMPLES);

/** Rules no file can break, and why. */
export const RULES_WITHOUT_EXAMPLE: Record<string, string> = {
  'event/compat':
    "A chunk that keeps fields beyond its schema, which the synthesized event already has. The schema check removes such fields before chunks are expanded, so no input reaches it today; the id stays reserved.",
  'stream/error': 'The network stream failed (a reset, an abort) while the page read it; a file has no network.',
  'stream/start-dropped': "The capture buffer dropped a stream's first events before the panel asked for them; a file is whole.",
};
