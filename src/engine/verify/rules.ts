import type { Severity } from '../diagnostics';

/** A protocol problem found by replaying the events. */
export interface Problem {
  /** Stable id, e.g. `text/not-open`. */
  ruleId: string;
  severity: Severity;
  /** Index of the input event it is about (0 = first event of the input). */
  eventIndex: number;
  message: string;
  /** The spec section the rule comes from. */
  spec: string;
  /** Where inside the event (JSON path), when it is about one field. */
  path?: (string | number)[];
  /** True for the reference client's own verifyEvents rules: the reference would stop the run here. */
  reference?: boolean;
}

interface RuleInfo {
  severity: Severity;
  spec: string;
  reference?: boolean;
  /** The page's client stops the run at it, though it is not one of verifyEvents' rules (its parser or schema throws). */
  stops?: boolean;
  /**
   * A change the page's client makes to an event before the app sees it (replay/changes.ts): a note in the panel,
   * reported by `lint` only with `--preset strict` (a stream of chunks would otherwise print one a chunk).
   */
  change?: boolean;
}

const LIFECYCLE = 'Events › Lifecycle events';
const TEXT = 'Events › Text message events';
const TOOLS = 'Events › Tool call events';
const STATE = 'Events › State management events';
const ACTIVITY = 'Events › Activity events';
const A2UI = 'A2UI v0.9 (a2ui-surface activity)';
const MCP_APPS = 'MCP Apps (mcp-apps activity)';
const REASONING = 'Events › Reasoning events';
const SUBAGENTS = 'Events › Subagent events';
const BASE = 'Events › Base event properties';
const INTERRUPTS = 'Events › Lifecycle events › RunFinished (Interrupts)';

/** Every rule, with its severity and where the spec states it. Ids never change once published. */
export const RULES: Record<string, RuleInfo> = {
  // The reference client's verifyEvents (it stops the run at the first of these).
  'run/first-event': { severity: 'error', spec: `${LIFECYCLE} › RunStarted`, reference: true },
  'run/after-error': { severity: 'error', spec: `${LIFECYCLE} › RunError`, reference: true },
  // Not a broken protocol: the agent said its run failed. Counted with the errors, so that a failed run is never
  // shown as a clean one (issue 18, item 7).
  // A failed run is an outcome the stream legitimately reports, not a protocol error (a config may make it one).
  'run/failed': { severity: 'info', spec: `${LIFECYCLE} › RunError` },
  'run/finished-other-id': { severity: 'warning', spec: `${LIFECYCLE} › RunFinished` },
  'run/after-finished': { severity: 'error', spec: `${LIFECYCLE} › RunFinished`, reference: true },
  'run/already-active': { severity: 'error', spec: `${LIFECYCLE} › RunStarted`, reference: true },
  'run/finished-while-open': { severity: 'error', spec: `${LIFECYCLE} › RunFinished`, reference: true },
  'attribution/null': { severity: 'error', spec: `${BASE} (subagentRunId)`, reference: true },
  'attribution/mismatch': { severity: 'error', spec: `${SUBAGENTS}`, reference: true },
  'text/already-open': { severity: 'error', spec: `${TEXT} › TextMessageStart`, reference: true },
  'text/not-open': { severity: 'error', spec: `${TEXT} › TextMessageContent`, reference: true },
  'tool/already-open': { severity: 'error', spec: `${TOOLS} › ToolCallStart`, reference: true },
  'tool/not-open': { severity: 'error', spec: `${TOOLS} › ToolCallArgs`, reference: true },
  'tool/parent-owner': { severity: 'error', spec: `${TOOLS} › ToolCallStart (parentMessageId)`, reference: true },
  'step/already-open': { severity: 'error', spec: `${LIFECYCLE} › StepStarted`, reference: true },
  'step/not-started': { severity: 'error', spec: `${LIFECYCLE} › StepFinished`, reference: true },
  'step/wrong-owner': { severity: 'error', spec: `${LIFECYCLE} › StepFinished`, reference: true },
  'reasoning/already-open': { severity: 'error', spec: `${REASONING} › ReasoningStart`, reference: true },
  'reasoning/not-open': { severity: 'error', spec: `${REASONING} › ReasoningMessageContent`, reference: true },
  'subagent/null-field': { severity: 'error', spec: `${SUBAGENTS}`, reference: true },
  'subagent/outcome': { severity: 'error', spec: `${SUBAGENTS} › SubagentFinished`, reference: true },
  'subagent/missing-field': { severity: 'error', spec: `${SUBAGENTS} › SubagentStarted`, reference: true },
  'subagent/already-active': { severity: 'error', spec: `${SUBAGENTS} › SubagentStarted`, reference: true },
  'subagent/reused': { severity: 'error', spec: `${SUBAGENTS} › SubagentStarted`, reference: true },
  'subagent/unknown-parent': { severity: 'error', spec: `${SUBAGENTS} › SubagentStarted (parentSubagentRunId)`, reference: true },
  'subagent/not-active': { severity: 'error', spec: `${SUBAGENTS} › SubagentFinished`, reference: true },
  // Chunk expansion errors (the reference's transformChunks throws).
  'chunk/first-without-id': { severity: 'error', spec: `${TEXT} › TextMessageChunk`, reference: true },
  'chunk/first-without-name': { severity: 'error', spec: `${TOOLS} › ToolCallChunk`, reference: true },
  'chunk/lane-mismatch': { severity: 'error', spec: `${SUBAGENTS}`, reference: true },
  'chunk/ambiguous': { severity: 'error', spec: `${SUBAGENTS}`, reference: true },
  'chunk/field-mismatch': { severity: 'error', spec: `${TEXT} › TextMessageChunk`, reference: true },
  // The debugger's own rules: the spec states them, the reference does not check them.
  // The spec says non-empty; @ag-ui/client accepts it (other SDKs reject it).
  'text/empty-delta': { severity: 'warning', spec: `${TEXT} › TextMessageContent (delta: non-empty)` },
  'reasoning/empty-delta': { severity: 'warning', spec: `${REASONING} › ReasoningMessageContent (delta: non-empty)` },
  'tool/unknown-result': { severity: 'warning', spec: `${TOOLS} › ToolCallResult (toolCallId)` },
  'tool/unknown-call': { severity: 'warning', spec: `${TOOLS} › ToolCallArgs` },
  'tool/renamed': { severity: 'warning', spec: `${TOOLS} › ToolCallStart` },
  'tool/parent-not-assistant': { severity: 'warning', spec: `${TOOLS} › ToolCallStart (parentMessageId)` },
  // The events page says "often" JSON fragments, and @ag-ui/client keeps plain text as the arguments.
  'tool/args-not-json': { severity: 'warning', spec: `${TOOLS} › ToolCallArgs (delta: a JSON fragment)` },
  'text/reused-id': { severity: 'warning', spec: `${TEXT} › TextMessageStart (messageId)` },
  'text/unknown-message': { severity: 'warning', spec: `${TEXT} › TextMessageContent` },
  'activity/delta-before-snapshot': { severity: 'warning', spec: `${ACTIVITY} › ActivityDelta` },
  'activity/not-activity': { severity: 'warning', spec: `${ACTIVITY} › ActivityDelta` },
  'state/patch-failed': { severity: 'error', spec: `${STATE} › StateDelta` },
  'state/patch-before-snapshot': { severity: 'warning', spec: `${STATE} › StateDelta` },
  'activity/patch-failed': { severity: 'error', spec: `${ACTIVITY} › ActivityDelta` },
  'state/empty-delta': { severity: 'info', spec: `${STATE} › StateDelta` },
  'id/activity-collision': { severity: 'error', spec: `${ACTIVITY} (one id space)` },
  'interrupt/empty': { severity: 'error', spec: INTERRUPTS },
  'interrupt/tool-call-id': { severity: 'error', spec: INTERRUPTS },
  'interrupt/reason': { severity: 'warning', spec: INTERRUPTS },
  'interrupt/duplicate-id': { severity: 'error', spec: INTERRUPTS },
  'resume/missing': { severity: 'error', spec: INTERRUPTS },
  'resume/partial': { severity: 'error', spec: INTERRUPTS },
  'resume/unknown-id': { severity: 'error', spec: INTERRUPTS },
  'resume/cancel-payload': { severity: 'warning', spec: INTERRUPTS },
  'resume/expired': { severity: 'error', spec: INTERRUPTS },
  'resume/payload-schema': { severity: 'warning', spec: INTERRUPTS },
  'resume/unanswered-tool-call': { severity: 'warning', spec: INTERRUPTS },
  'resume/without-interrupt': { severity: 'warning', spec: INTERRUPTS },
  'subagent/suspended-unknown-interrupt': { severity: 'warning', spec: `${SUBAGENTS} › SubagentFinished (outcome)` },
  'event/deprecated': { severity: 'warning', spec: 'Events › Deprecated events' },
  'event/compat': { severity: 'warning', spec: BASE },
  'stream/error': { severity: 'error', spec: 'Transports' },
  'stream/unfinished-run': { severity: 'warning', spec: `${LIFECYCLE}` },
  'stream/start-dropped': { severity: 'info', spec: 'Transports' },
  // Transport rules: checked when a captured stream ends, from its chunks' arrival times and its content type
  // (verify/transportRules.ts). A file of events has no such timing: they do not apply to it.
  'transport/buffered': { severity: 'warning', spec: 'Transports (streaming: each event as it is produced)' },
  'transport/content-type': { severity: 'error', spec: 'Transports (content type)' },
  'transport/idle-gap': { severity: 'warning', spec: 'Transports › Server-Sent Events (comments as heartbeats)' },
  // Frame rules: one frame cannot be read as an event (decode/, normalize/enforce.ts). Their emitters use the same
  // ids and severities; the rule examples' unit test holds both to this table.
  'json/invalid': { severity: 'error', spec: 'Transports › JSON (one event a frame)', stops: true },
  'json/too-deep': { severity: 'error', spec: 'Transports › JSON (one event a frame)', stops: true },
  'sse/unterminated-frame': { severity: 'warning', spec: 'Transports › Server-Sent Events (a frame ends with a blank line)' },
  'sse/unknown-field': { severity: 'info', spec: 'Transports › Server-Sent Events (fields: data, event, id, retry)' },
  'sse/invalid-id': { severity: 'warning', spec: 'Transports › Server-Sent Events (id)' },
  'sse/invalid-retry': { severity: 'info', spec: 'Transports › Server-Sent Events (retry)' },
  'sse/invalid-utf8': { severity: 'warning', spec: 'Transports › Server-Sent Events (UTF-8)' },
  'sse/no-data': { severity: 'info', spec: 'Transports › Server-Sent Events (data)' },
  'proto/frame-too-large': { severity: 'error', spec: 'Transports › Protocol Buffers (length-prefixed frames)', stops: true },
  'proto/truncated': { severity: 'error', spec: 'Transports › Protocol Buffers (length-prefixed frames)', stops: true },
  'proto/invalid': { severity: 'error', spec: 'Transports › Protocol Buffers (ag_ui.Event)', stops: true },
  'proto/unknown-event': { severity: 'warning', spec: 'Transports › Protocol Buffers (ag_ui.Event)' },
  'event/not-object': { severity: 'error', spec: BASE },
  'event/no-type': { severity: 'error', spec: `${BASE} (type)` },
  'event/unknown-type': { severity: 'warning', spec: 'Events › Event types overview' },
  'event/draft': { severity: 'info', spec: 'Events › Draft events' },
  'schema/invalid': { severity: 'error', spec: 'Events (each event type\'s fields)', stops: true },
  'schema/null-optional': { severity: 'error', spec: 'Events (optional fields are omitted)', stops: true },
  'schema/unrecognized': { severity: 'info', spec: 'Events (each event type\'s fields)' },
  'compat/deprecated-shape': { severity: 'warning', spec: BASE },
  // What the page's client changed before the app saw it (one rule per kind; fields stripped: schema/unrecognized).
  'client/mapped': { severity: 'info', spec: 'Events › Deprecated events', change: true },
  'client/expanded': { severity: 'info', spec: `${TEXT} › TextMessageChunk`, change: true },
  'client/inserted': { severity: 'info', spec: `${TEXT} › TextMessageChunk`, change: true },
  'client/dropped-null': { severity: 'info', spec: 'Events (optional fields are omitted)', change: true },
  'client/converted': { severity: 'info', spec: BASE, change: true },
  // Generative UI (engine/genui/): A2UI v0.9 surfaces in `a2ui-surface` activities, MCP apps in `mcp-apps` ones.
  // An operation's own faults are found when its activity changes; what a drawn surface lacks, when the run ends.
  'a2ui/version': { severity: 'error', spec: `${A2UI} (version)` },
  'a2ui/bad-operation': { severity: 'error', spec: `${A2UI} (messages)` },
  'a2ui/surface-not-created': { severity: 'error', spec: `${A2UI} › createSurface` },
  'a2ui/duplicate-id': { severity: 'error', spec: `${A2UI} › updateComponents` },
  'a2ui/unknown-catalog': { severity: 'info', spec: `${A2UI} › createSurface (catalogId)` },
  'a2ui/unknown-component': { severity: 'error', spec: `${A2UI} › basic catalog` },
  'a2ui/missing-prop': { severity: 'error', spec: `${A2UI} › basic catalog` },
  'a2ui/no-root': { severity: 'error', spec: `${A2UI} › updateComponents (root)` },
  'a2ui/missing-child': { severity: 'error', spec: `${A2UI} › updateComponents (children by id)` },
  'a2ui/unreachable': { severity: 'warning', spec: `${A2UI} › updateComponents (children by id)` },
  'a2ui/unbound-path': { severity: 'warning', spec: `${A2UI} › updateDataModel (data binding)` },
  'mcp-apps/no-resource-uri': { severity: 'error', spec: `${MCP_APPS} (resourceUri)` },
  'mcp-apps/bad-result': { severity: 'error', spec: `${MCP_APPS} (result)` },
};

/** The spec section of a rule id ('' for an id that is not registered). */
export const specOf = (ruleId: string): string => RULES[ruleId]?.spec ?? '';

/**
 * Whether the page's client (@ag-ui/client) stops a run at a problem: its verifier throws (the reference rules), or
 * its parser or schema check throws (the rules marked `stops`). Held to the reference by the differential tests.
 * (A patch that moves a document into itself is applied by the client and refused here: a cycle it may or may not
 * trip over later, reported as state/patch-failed.)
 */
export const stopsTheClient = (p: Pick<Problem, 'ruleId'>): boolean => {
  const info = RULES[p.ruleId];
  return info?.reference === true || info?.stops === true;
};

export function problem(ruleId: string, eventIndex: number, message: string, path?: (string | number)[]): Problem {
  const info = RULES[ruleId];
  if (!info) throw new Error(`Unknown rule ${ruleId}`);
  const p: Problem = { ruleId, severity: info.severity, eventIndex, message, spec: info.spec };
  if (info.reference) p.reference = true;
  if (path) p.path = path;
  return p;
}
