/**
 * Streams other validity suites judge, written as data (the kinds of case the reference SDK's verifier tests, the
 * Kotlin SDK's and ag-ui-validate's fixtures hold: valid runs with a failed outcome, plain-text tool arguments,
 * empty deltas, a resume on a run that says nothing of its input, patches before any snapshot, a server's run id
 * at the end; and streams each suite calls invalid). The test judges each again with @ag-ui/client 1.0.0: on every
 * stream it accepts, `lint` reports no error; on every stream it refuses, the engine stops where it does.
 */

type Obj = Record<string, unknown>;

const RS = (runId = 'r1', extra: Obj = {}): Obj => ({ type: 'RUN_STARTED', threadId: 't1', runId, ...extra });
const RF = (runId = 'r1', extra: Obj = {}): Obj => ({ type: 'RUN_FINISHED', threadId: 't1', runId, ...extra });
const text = (id: string, ...deltas: string[]): Obj[] => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  ...deltas.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta })),
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const tool = (id: string, name: string, ...deltas: string[]): Obj[] => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  ...deltas.map((delta) => ({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta })),
  { type: 'TOOL_CALL_END', toolCallId: id },
];
const interrupted = (runId: string, id: string): Obj =>
  RF(runId, { outcome: { type: 'interrupt', interrupts: [{ id, reason: 'tool_call', toolCallId: 'c1', message: 'Approve?' }] } });

export interface ValidityCase {
  name: string;
  events: Obj[];
  /** The suites' verdict: valid, or invalid (the client refuses it, or the spec forbids what it does). */
  valid: boolean;
}

export const VALIDITY_CASES: ValidityCase[] = [
  // Runs and outcomes
  { name: 'a run that fails with RUN_ERROR', events: [RS(), { type: 'RUN_ERROR', message: 'The model is overloaded', code: 'overloaded' }], valid: true },
  { name: 'a run that fails after some text', events: [RS(), ...text('m1', 'Let me'), { type: 'RUN_ERROR', message: 'timeout' }], valid: true },
  { name: 'RUN_ERROR with no run started', events: [{ type: 'RUN_ERROR', message: 'bad request' }], valid: true },
  { name: 'two runs, one after the other', events: [RS(), ...text('m1', 'Hi'), RF(), RS('r2'), ...text('m2', 'Again'), RF('r2')], valid: true },
  { name: 'RUN_FINISHED naming the server\'s run id', events: [RS('client-1'), ...text('m1', 'Hi'), RF('server-9')], valid: true },
  { name: 'RUN_FINISHED with a result', events: [RS(), RF('r1', { result: { answer: 42 } })], valid: true },
  { name: 'steps inside a run', events: [RS(), { type: 'STEP_STARTED', stepName: 'plan' }, { type: 'STEP_FINISHED', stepName: 'plan' }, RF()], valid: true },
  // Text
  { name: 'an empty text delta', events: [RS(), ...text('m1', '', 'Hi'), RF()], valid: true },
  { name: 'a text message with no content', events: [RS(), ...text('m1'), RF()], valid: true },
  { name: 'two messages interleaved', events: [RS(), { type: 'TEXT_MESSAGE_START', messageId: 'a', role: 'assistant' }, { type: 'TEXT_MESSAGE_START', messageId: 'b', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a', delta: 'x' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'b', delta: 'y' }, { type: 'TEXT_MESSAGE_END', messageId: 'a' }, { type: 'TEXT_MESSAGE_END', messageId: 'b' }, RF()], valid: true },
  { name: 'text chunks', events: [RS(), { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Hel' }, { type: 'TEXT_MESSAGE_CHUNK', delta: 'lo' }, RF()], valid: true },
  { name: 'an empty reasoning delta', events: [RS(), { type: 'REASONING_START', messageId: 'r' }, { type: 'REASONING_MESSAGE_START', messageId: 'rm', role: 'reasoning' }, { type: 'REASONING_MESSAGE_CONTENT', messageId: 'rm', delta: '' }, { type: 'REASONING_MESSAGE_END', messageId: 'rm' }, { type: 'REASONING_END', messageId: 'r' }, RF()], valid: true },
  // Tools
  { name: 'plain-text tool arguments', events: [RS(), ...tool('c1', 'search', 'weather in Lisbon'), RF()], valid: true },
  { name: 'tool arguments cut short', events: [RS(), ...tool('c1', 'search', '{"q": "Lis'), RF()], valid: true },
  { name: 'JSON tool arguments over several deltas', events: [RS(), ...tool('c1', 'search', '{"q":', ' "Lisbon"}'), RF()], valid: true },
  { name: 'a repeated TOOL_CALL_START goes on with the arguments', events: [RS(), ...tool('c1', 'search', '{"q":'), ...tool('c1', 'search', ' "Lisbon"}'), RF()], valid: true },
  { name: 'a tool result', events: [RS(), ...tool('c1', 'search', '{}'), { type: 'TOOL_CALL_RESULT', messageId: 'tr1', toolCallId: 'c1', content: 'sunny' }, RF()], valid: true },
  { name: 'tool call chunks', events: [RS(), { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'search', delta: '{"q":' }, { type: 'TOOL_CALL_CHUNK', delta: '"x"}' }, RF()], valid: true },
  // State
  { name: 'a patch that fails before any snapshot', events: [RS(), { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 1 }] }, RF()], valid: true },
  { name: 'a patch after a snapshot', events: [RS(), { type: 'STATE_SNAPSHOT', snapshot: { count: 0 } }, { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 1 }] }, RF()], valid: true },
  { name: 'a patch that fails after a snapshot (the client warns and goes on; the spec wants patches that apply)', events: [RS(), { type: 'STATE_SNAPSHOT', snapshot: {} }, { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/missing' }] }, RF()], valid: false },
  { name: 'an empty state delta', events: [RS(), { type: 'STATE_SNAPSHOT', snapshot: {} }, { type: 'STATE_DELTA', delta: [] }, RF()], valid: true },
  { name: 'a messages snapshot', events: [RS(), { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u1', role: 'user', content: 'Hi' }] }, RF()], valid: true },
  // Interrupts and resume
  { name: 'a run interrupted, then one that says nothing of its input', events: [RS(), ...tool('c1', 'delete', '{}'), interrupted('r1', 'i1'), RS('r2'), ...text('m2', 'Done'), RF('r2')], valid: true },
  { name: 'a run interrupted, then resumed', events: [RS(), ...tool('c1', 'delete', '{}'), interrupted('r1', 'i1'), RS('r2', { input: { threadId: 't1', runId: 'r2', state: {}, messages: [], tools: [], context: [], forwardedProps: {}, resume: [{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }] } }), RF('r2')], valid: true },
  // Legacy and compatibility shapes
  { name: 'THINKING_* events', events: [RS(), { type: 'THINKING_START' }, { type: 'THINKING_TEXT_MESSAGE_START' }, { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'hmm' }, { type: 'THINKING_TEXT_MESSAGE_END' }, { type: 'THINKING_END' }, RF()], valid: true },
  { name: 'RUN_FINISHED.result sent as null', events: [RS(), RF('r1', { result: null })], valid: true },
  { name: 'a field the schema does not name', events: [RS('r1', { agent: 'planner' }), RF()], valid: true },
  { name: 'custom and raw events', events: [RS(), { type: 'CUSTOM', name: 'x', value: 1 }, { type: 'RAW', event: { any: 'thing' } }, RF()], valid: true },
  // Streams the suites call invalid: the client refuses them, or (a failing patch on a known state) the spec forbids it.
  { name: 'content after its message ended', events: [RS(), ...text('m1', 'Hi'), { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'late' }, RF()], valid: false },
  { name: 'content for a message never started', events: [RS(), { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nope', delta: 'x' }, RF()], valid: false },
  { name: 'arguments for a call never started', events: [RS(), { type: 'TOOL_CALL_ARGS', toolCallId: 'nope', delta: '{}' }, RF()], valid: false },
  { name: 'an event before RUN_STARTED', events: [...text('m1', 'Hi'), RS(), RF()], valid: false },
  { name: 'an event after RUN_FINISHED', events: [RS(), RF(), ...text('m1', 'Hi')], valid: false },
  { name: 'an event after RUN_ERROR', events: [RS(), { type: 'RUN_ERROR', message: 'boom' }, ...text('m1', 'Hi')], valid: false },
  { name: 'a second RUN_STARTED while a run is open', events: [RS(), RS('r2'), RF('r2')], valid: false },
  { name: 'RUN_FINISHED while a message is open', events: [RS(), { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, RF()], valid: false },
  { name: 'a step finished that never started', events: [RS(), { type: 'STEP_FINISHED', stepName: 'plan' }, RF()], valid: false },
  { name: 'a message id that is a number', events: [RS(), { type: 'TEXT_MESSAGE_START', messageId: 7, role: 'assistant' }, RF()], valid: false },
  { name: 'an optional field sent as null', events: [RS(), { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant', name: null }, RF()], valid: false },
  { name: 'a first chunk without its id', events: [RS(), { type: 'TEXT_MESSAGE_CHUNK', delta: 'x' }, RF()], valid: false },
];
