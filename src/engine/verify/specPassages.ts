/**
 * The passage of the spec each rule enforces, quoted from the text this product is built from: the events page
 * (`shared/spec/events.ko.txt`, Korean, quoted in its language) or, where the page does not spell a fact out, the
 * protocol notes read off the reference SDK (`shared/spec/protocol-notes.md`, English). Each quote is a verbatim
 * part of its source (a unit test checks it against the files); the summary says in English what the rule takes
 * from it. RULES.md and the CLI's JSON and SARIF reports carry both.
 */

export type SpecSource = 'events' | 'notes' | 'a2ui' | 'a2ui-schemas' | 'mcp-apps';

export interface SpecPassage {
  source: SpecSource;
  /** The heading of the source the quote is under. */
  heading: string;
  /** Verbatim from the source (whitespace aside). */
  quote: string;
  /** What the rule takes from it, in English. */
  summary: string;
}

/** Where each source lives, as a reader names it. */
export const SPEC_SOURCES: Record<SpecSource, string> = {
  events: 'AG-UI events page (events.ko.txt, Korean)',
  notes: 'AG-UI protocol notes from the reference SDK (protocol-notes.md)',
  a2ui: 'A2UI v0.9 protocol instructions of the AG-UI A2UI middleware (vendor/a2ui/protocol-instructions.md)',
  'a2ui-schemas': 'A2UI v0.9 basic catalog and common types (vendor/a2ui/basic_catalog.json, common_types.json)',
  'mcp-apps': 'AG-UI MCP Apps middleware, its activity snapshot (vendor/a2ui/mcp-apps-activity.md)',
};

/** Where each source's text is, from the repository's root (the spec test reads them). */
export const SPEC_FILES: Record<SpecSource, string[]> = {
  events: ['../shared/spec/events.ko.txt'],
  notes: ['../shared/spec/protocol-notes.md'],
  a2ui: ['vendor/a2ui/protocol-instructions.md'],
  'a2ui-schemas': ['vendor/a2ui/basic_catalog.json', 'vendor/a2ui/common_types.json'],
  'mcp-apps': ['vendor/a2ui/mcp-apps-activity.md'],
};

const ev = (heading: string, quote: string, summary: string): SpecPassage => ({ source: 'events', heading, quote, summary });
const notes = (heading: string, quote: string, summary: string): SpecPassage => ({ source: 'notes', heading, quote, summary });
const a2ui = (heading: string, quote: string, summary: string): SpecPassage => ({ source: 'a2ui', heading, quote, summary });
const schemas = (heading: string, quote: string, summary: string): SpecPassage => ({ source: 'a2ui-schemas', heading, quote, summary });
const mcpApps = (heading: string, quote: string, summary: string): SpecPassage => ({ source: 'mcp-apps', heading, quote, summary });
const A2UI_CHILDREN = a2ui('Key Rules', '**Flat component structure** - Components reference children by ID, not by nesting.', 'Components name their children by id; the tree is what those ids reach from the root.');

// Passages more than one rule rests on.
const RUN_BOUNDS = ev('라이프사이클 이벤트', 'RunStarted와 RunFinished 또는 RunError 이벤트는 필수예요. 에이전트 실행의 경계를 형성하죠.', 'RUN_STARTED and RUN_FINISHED or RUN_ERROR are required: they bound a run.');
const RUN_FIRST = ev('RunStarted', 'RunStarted 이벤트는 에이전트가 요청 처리를 시작할 때 가장 먼저 내보내는 이벤트예요.', 'RUN_STARTED is the first event an agent sends for a request.');
const RUN_ENDS = ev('RunFinished', '에이전트 실행의 끝을 알려요. 모든 실행은 RunFinished 또는 RunError로 끝납니다.', 'RUN_FINISHED marks the end of a run; every run ends with RUN_FINISHED or RUN_ERROR.');
const RUN_ERROR_ENDS = ev('RunError', 'RunError 이벤트 이후에는 이 실행에서 더 이상 처리가 일어나지 않아요.', 'After RUN_ERROR nothing more happens in that run.');
const INTERRUPT_OUTCOME = ev(
  'RunFinished',
  '비어 있지 않은 interrupts 배열은 outcome 변형 안에 있음. 클라이언트는 모든 열린 인터럽트를 다루는 resume 배열을 RunAgentInput에 포함한 새 실행을 시작해 재개함.',
  'An interrupt outcome holds a non-empty interrupts array; the client resumes by starting a new run whose RunAgentInput carries a resume array covering every open interrupt.',
);
const INTERRUPT_RULES = (summary: string, quote: string) => notes('Rules a debugger should add', quote, summary);
const TEXT_START_ID = ev('TextMessageStart', '이후 콘텐츠 덩어리와 종료 이벤트가 참조할 고유한 messageId를 수립하죠.', 'TEXT_MESSAGE_START establishes a unique messageId that the content and end events refer to.');
const TEXT_CONTENT_ID = ev('TextMessageContent', 'TextMessageStart의 ID와 일치', 'TEXT_MESSAGE_CONTENT.messageId matches the id of a TEXT_MESSAGE_START.');
const TOOL_START_ID = ev('ToolCallStart', '이 도구 호출의 이후 이벤트들이 참조할 고유한 toolCallId를 수립합니다.', 'TOOL_CALL_START establishes a unique toolCallId that the later events of the call refer to.');
const TOOL_ARGS_ID = ev('ToolCallArgs', 'ToolCallStart의 ID와 일치', 'TOOL_CALL_ARGS.toolCallId matches the id of a TOOL_CALL_START.');
const TOOL_PARENT = ev(
  'ToolCallStart',
  '선택적 parentMessageId는 도구 호출을 대화의 특정 메시지와 연결해, 도구가 사용되는 이유에 대한 컨텍스트를 제공합니다.',
  'The optional parentMessageId ties the tool call to a message of the conversation (the assistant message that makes the call).',
);
const SUBAGENT_ATTRIBUTION = ev(
  '서브에이전트 이벤트',
  '귀속은 대부분 다른 이벤트의 선택적 subagentRunId로 담겨요; 이 세 개는 서브에이전트의 활동을 감싸고 표시할 이름을 줍니다.',
  "Attribution travels as the other events' optional subagentRunId; the three subagent events wrap a subagent's activity and name it.",
);
const SUBAGENT_INVOCATION = ev(
  '서브에이전트 이벤트',
  'subagentRunId는 한 번의 호출을 식별하지, 재사용 가능한 서브에이전트 정의를 나타내는 게 아니에요 — 같은 서브에이전트를 두 번 실행하면 두 개의 다른 값이 나와요.',
  'A subagentRunId names one invocation, not a reusable definition: running the same subagent twice gives two different values.',
);
const SUBAGENT_MATCH = ev('SubagentFinished', 'SubagentStarted의 ID와 일치', 'SUBAGENT_FINISHED and SUBAGENT_ERROR name a subagentRunId a SUBAGENT_STARTED opened.');
const SUBAGENT_OUTCOME = ev(
  'SubagentFinished',
  'suspended는 서브에이전트가 외부 입력을 기다리며 비행 중 체크포인트됐음을 뜻함 — 그러면 실행은 인터럽트 결과로 끝나고, interruptIds는 이 서브에이전트를 재개하는 답을 가진 실행 레벨 인터럽트를 지목함',
  'A suspended outcome means the subagent waits for input: the run ends with an interrupt outcome, and interruptIds name the run-level interrupts whose answers resume it.',
);
const CHUNK_LANES = notes(
  'How the reference client applies events',
  'Open streams are tracked per subagentRunId.',
  "Chunk streams are tracked per subagentRunId: a chunk continues the open message or call of its own agent's lane.",
);
const CHUNK_TEXT_FIRST = ev(
  'TextMessageChunk',
  '메시지의 첫 번째 청크는 messageId를 포함해야 하며 TextMessageStart를 내보냅니다',
  'The first chunk of a message must carry messageId; it emits TEXT_MESSAGE_START.',
);
const BASE = ev('기본 이벤트 속성', '모든 이벤트는 공통 기본 속성 집합을 공유해요.', 'Every event shares the common base properties (type, timestamp, rawEvent, metadata).');
const SCHEMA = notes(
  'Event types (1.0: 31 types)',
  'Validators: `@ag-ui/core/schemas` (zod v4) exports EventSchemas (a discriminated union on `type`) and per-event schemas',
  "Each event type has its fields; @ag-ui/core's zod schemas are the reference for their types.",
);
const OMITTED = notes(
  'Event types (1.0: 31 types)',
  'Optional fields are omitted, not sent as null (the cross-SDK contract',
  'An optional field that has no value is left out; null is not a value for it in the cross-SDK contract.',
);
const SSE = notes(
  'Transports',
  'other producers send `event:`, `id:`, `retry:` fields, `:` comments as heartbeats, CRLF line ends and multi-line data.',
  'SSE as producers really send it: data, event, id and retry fields, comments, CRLF and multi-line data; a debugger parses the full SSE grammar (WHATWG HTML, server-sent events).',
);
const SSE_FRAME = notes('Transports', 'SSE: `data: <json>\\n\\n` per event from the reference encoder', 'One event per SSE frame: a data field holding the JSON, ended by a blank line.');
const PROTO_FRAME = notes(
  'Transports',
  'each frame is a 4-byte big-endian length, then an `ag_ui.Event` message',
  'Protocol Buffers framing: a 4-byte big-endian length, then an ag_ui.Event message of that length.',
);
const PROTO_EVENT = notes(
  'Transports',
  '`ag_ui.Event` message (oneof over all event types in 1.0, 18 types in 0.0.5x). `@ag-ui/proto` decodes it.',
  'Each frame is an ag_ui.Event message, a oneof over the event types; @ag-ui/proto decodes it.',
);
const JSON_FRAME = notes(
  'Transports',
  'The reference client splits on "\\n\\n" only and fails the whole stream on one bad JSON frame; a debugger must parse the full SSE grammar and keep going.',
  'Each frame holds one JSON event; one bad frame stops the reference client, so a debugger reports it where it is and goes on.',
);
const ORDER = ev('구현 고려사항', '이벤트는 받은 순서대로 처리해야 해요', 'Events are processed in the order they are received.');

/** Each rule's passage. A unit test fails when a rule has none, or a quote is not in its source. */
export const RULE_PASSAGES: Record<string, SpecPassage> = {
  'a2ui/bad-operation': a2ui('JSON Schema Reference', 'Each message is an object with `"version": "v0.9"` and exactly ONE operation key.', 'An A2UI operation is an object with exactly one of createSurface, updateComponents, updateDataModel and deleteSurface, each naming its surfaceId.'),
  'a2ui/duplicate-id': schemas('"ComponentId"', 'The unique identifier for a component, used for both definitions and references within the same surface.', 'A component id is unique within its surface: one updateComponents defining it twice leaves only the second.'),
  'a2ui/missing-child': A2UI_CHILDREN,
  'a2ui/missing-prop': schemas('"Text"', '"required": ["component", "text"]', "Each component type of the basic catalog has required properties (a Text its text, a Button its child and action…): without one it cannot be drawn as meant."),
  'a2ui/no-root': a2ui('Key Rules', '**Root component must have id "root"** - The root component is always the one with `"id": "root"`.', "A surface is drawn from the component with the id 'root'."),
  'a2ui/surface-not-created': a2ui('CRITICAL: Required Message Sequence', 'The `createSurface` message is MANDATORY for the first render. Without it, the client has no surface to render into.', 'An operation for a surface comes after the createSurface that made it.'),
  'a2ui/unbound-path': schemas('"DataBinding"', 'A JSON Pointer path to a value in the data model.', 'A bound property shows the data model value at its path: a path the model does not hold shows nothing.'),
  'a2ui/unknown-catalog': a2ui('Minimal Working Example', '"catalogId": "https://a2ui.org/specification/v0_9/basic_catalog.json"', "A surface names its catalog; this product checks component types against the basic v0.9 catalog, and notes a catalog it does not have."),
  'a2ui/unknown-component': schemas('A2UI Basic Catalog', 'Unified catalog of basic A2UI components and functions.', "A surface on the basic catalog uses the component types that catalog defines."),
  'a2ui/unreachable': A2UI_CHILDREN,
  'a2ui/version': a2ui('CRITICAL: Required Message Sequence', 'Every message MUST include `"version": "v0.9"`.', 'Every A2UI v0.9 operation carries "version": "v0.9".'),
  'mcp-apps/bad-result': mcpApps('Activity Snapshot', 'result: MCPToolCallResult, // Result from the tool execution', "The snapshot's result is the MCP tool's result: a CallToolResult with a content array of typed items."),
  'mcp-apps/no-resource-uri': mcpApps('Activity Snapshot', 'resourceUri: string, // URI of the UI resource to fetch', 'An mcp-apps snapshot names the UI resource the client fetches from the MCP server (resourceUri).'),
  'activity/delta-before-snapshot': ev('ActivityDelta', '액티비티 델타는 이전에 동기화된 액티비티 콘텐츠에 순서대로 적용되어야 해요.', 'An ACTIVITY_DELTA applies to activity content synchronized before, by an ACTIVITY_SNAPSHOT.'),
  'activity/not-activity': ev('ActivityDelta', 'JSON Patch 연산을 사용해 기존 액티비티에 증분 업데이트를 적용해요.', 'An ACTIVITY_DELTA patches an existing activity message, not a message of another kind.'),
  'activity/patch-failed': ev('ActivityDelta', '애플리케이션이 발산(divergence)을 감지하면, 새 ActivitySnapshot을 요청하거나 내보내 재동기화할 수 있어요.', 'A patch that does not apply leaves the activity diverged from the agent\'s: the spec has the application resynchronize with a new ACTIVITY_SNAPSHOT.'),
  'attribution/mismatch': SUBAGENT_ATTRIBUTION,
  'attribution/null': ev('기본 이벤트 속성', '대부분의 이벤트는 추가로 선택적 subagentRunId를 받아서 그것을 만든 서브에이전트를 식별해요. 그게 없는 이벤트는 부모 에이전트에 속해요.', 'subagentRunId is optional: present, it names the subagent; absent, the event is the parent agent\'s. null is neither.'),
  'chunk/ambiguous': CHUNK_LANES,
  'chunk/field-mismatch': ev('TextMessageChunk', '클라이언트 스트림 변환기가 청크를 표준 삼중(triad)으로 확장합니다.', 'Chunks expand into one START, CONTENT…, END triad: later chunks of a message cannot change what its first chunk set.'),
  'chunk/first-without-id': CHUNK_TEXT_FIRST,
  'chunk/first-without-name': ev('ToolCallChunk', '도구 호출의 첫 번째 청크는 toolCallId와 toolCallName을 포함해야 하며 ToolCallStart를 내보냅니다', 'The first chunk of a tool call must carry toolCallId and toolCallName; it emits TOOL_CALL_START.'),
  'chunk/lane-mismatch': CHUNK_LANES,
  'compat/deprecated-shape': BASE,
  'client/mapped': ev('Thinking 이벤트 (Deprecated)', 'THINKING_* 이벤트들은 REASONING_* 이벤트들로 교체됐어요.', 'The THINKING_* events are replaced by REASONING_* events: the page\'s client maps each one before the app sees it.'),
  'client/expanded': ev('TextMessageChunk', '클라이언트 스트림 변환기가 청크를 표준 삼중(triad)으로 확장합니다.', "The client's stream transformer expands each chunk into the standard start, content and end events: the app sees those, not the chunk."),
  'client/inserted': ev('TextMessageChunk', 'TextMessageEnd는 스트림이 새 메시지 ID로 전환되거나 스트림이 완료될 때 자동으로 내보내집니다.', 'The client emits the end of a chunked message (or tool call) itself when the stream moves on: events the producer never sent.'),
  'client/dropped-null': OMITTED,
  'client/converted': BASE,
  'event/compat': BASE,
  'event/deprecated': ev('Thinking 이벤트 (Deprecated)', 'THINKING_* 이벤트들은 REASONING_* 이벤트들로 교체됐어요.', 'The THINKING_* events are replaced by REASONING_* events.'),
  'event/draft': ev('드래프트 이벤트', '이 이벤트들은 현재 드래프트 상태이며 최종 확정 전에 바뀔 수 있어요.', 'Draft events may change before they are final: shown, never rejected.'),
  'event/no-type': ev('기본 이벤트 속성', '특정 이벤트 타입 식별자', 'type is the identifier of the event type: an event without it is nothing a client can apply.'),
  'event/not-object': BASE,
  'event/unknown-type': ev('이벤트 타입 개요', '프로토콜의 이벤트는 목적에 따라 분류돼요.', 'The protocol defines its event types by category; a type outside them is dropped by the reference client.'),
  'id/activity-collision': ev('액티비티 이벤트', '액티비티 메시지는 다른 모든 메시지와 같은 id 공간을 차지하므로, 그것의 messageId를 텍스트나 추론 메시지가 재사용하면 안 되고 그 반대도 마찬가지예요.', 'Activity messages share the id space of every message: a text or reasoning message must not reuse an activity\'s messageId, nor the reverse.'),
  'interrupt/duplicate-id': INTERRUPT_OUTCOME,
  'interrupt/empty': INTERRUPT_OUTCOME,
  'interrupt/reason': INTERRUPT_RULES('Core reasons are tool_call, input_required and confirmation; a custom reason is namespaced "framework:name", and "core:" is reserved.', 'custom ones are namespaced "framework:name" ("core:" reserved)'),
  'interrupt/tool-call-id': INTERRUPT_RULES('An interrupt with reason "tool_call" names the call it interrupts in toolCallId.', 'reason "tool_call" needs toolCallId'),
  'json/invalid': JSON_FRAME,
  'json/too-deep': JSON_FRAME,
  'proto/frame-too-large': PROTO_FRAME,
  'proto/invalid': PROTO_EVENT,
  'proto/truncated': PROTO_FRAME,
  'proto/unknown-event': PROTO_EVENT,
  'reasoning/already-open': ev('ReasoningStart', '고유한 messageId로 식별되는 추론 컨텍스트를 수립합니다.', 'REASONING_START establishes a reasoning context with a unique messageId: it opens once.'),
  'reasoning/empty-delta': ev('ReasoningMessageContent', '추론 콘텐츠 덩어리 (비어 있지 않은 문자열)', 'REASONING_MESSAGE_CONTENT.delta is a non-empty string.'),
  'reasoning/not-open': ev('ReasoningMessageContent', 'ReasoningMessageStart의 ID와 일치', 'REASONING_MESSAGE_CONTENT.messageId matches the id of an open REASONING_MESSAGE_START.'),
  'resume/cancel-payload': INTERRUPT_RULES('A resume entry with status "cancelled" omits payload.', 'omit payload on "cancelled"'),
  'resume/expired': INTERRUPT_RULES('An interrupt past its expiresAt can only be answered by cancelling it.', 'answer no expired interrupt except by cancelling it'),
  'resume/missing': INTERRUPT_OUTCOME,
  'resume/partial': INTERRUPT_RULES('The resume covers every open interrupt: no partial resume.', 'covering every open interrupt (no partial resume)'),
  'resume/payload-schema': INTERRUPT_RULES("A resume payload should validate against the interrupt's responseSchema.", 'its payload should validate against responseSchema'),
  'resume/unanswered-tool-call': INTERRUPT_RULES('A resumed tool_call interrupt is answered by a TOOL_CALL_RESULT on the original toolCallId.', 'A resumed tool_call interrupt is answered by TOOL_CALL_RESULT on the original toolCallId.'),
  'resume/unknown-id': INTERRUPT_RULES('A resume names no interrupt id that is not open.', 'name no unknown interrupt id'),
  'resume/without-interrupt': INTERRUPT_OUTCOME,
  'run/after-error': RUN_ERROR_ENDS,
  'run/after-finished': RUN_ENDS,
  'run/already-active': RUN_BOUNDS,
  'run/failed': ev('RunError', 'RunError 이벤트는 에이전트가 복구할 수 없는 오류를 만나 실행이 조기 종료됐음을 나타내요.', 'RUN_ERROR says the agent met an error it could not recover from and the run ended early.'),
  'run/finished-other-id': ev('RunStarted', '또한 이후 이벤트를 이 특정 실행과 연결하는 데 쓸 핵심 식별자를 제공합니다.', "RUN_STARTED.runId is the identifier later events use to name the run: its RUN_FINISHED names the same run (the client closes the open run whatever id it names)."),
  'run/finished-while-open': notes('Rules the reference verifier enforces (`verifyEvents`), error texts in the package', 'RUN_FINISHED not while steps, text messages, tool calls, reasoning or subagents are open', 'RUN_FINISHED comes after every step, text message, tool call, reasoning span and subagent of the run has closed.'),
  'run/first-event': RUN_FIRST,
  'schema/invalid': SCHEMA,
  'schema/null-optional': OMITTED,
  'schema/unrecognized': SCHEMA,
  'sse/invalid-id': SSE,
  'sse/invalid-retry': SSE,
  'sse/invalid-utf8': SSE,
  'sse/no-data': SSE_FRAME,
  'sse/unknown-field': SSE,
  'sse/unterminated-frame': SSE_FRAME,
  'state/empty-delta': ev('StateDelta', '각 델타는 현재 상태 모델에 적용할 특정 변경을 나타내요.', 'Each STATE_DELTA stands for a change to apply to the state: one with no operation changes nothing.'),
  'state/patch-before-snapshot': ev('StateDelta', '프런트엔드는 정확한 상태 표현을 유지하기 위해 이 패치들을 순서대로 적용해야 해요.', 'The patches apply in order to a state the front end holds: before any STATE_SNAPSHOT that state is unknown here, so a patch that does not apply to what the events built cannot be judged.'),
  'state/patch-failed': ev('StateDelta', '프런트엔드는 정확한 상태 표현을 유지하기 위해 이 패치들을 순서대로 적용해야 해요.', 'The front end applies the patches in order to keep an exact state: a patch that does not apply breaks that.'),
  'step/already-open': ev('StepStarted', 'StepStarted 이벤트는 에이전트가 처리의 특정 하위 작업(subtask)이나 단계를 시작하고 있음을 나타내요.', 'STEP_STARTED says a step begins; a step that is already open cannot begin again.'),
  'step/not-started': ev('StepFinished', 'stepName은 스텝의 시작과 끝을 제대로 짝짓기 위해 대응하는 StepStarted 이벤트와 일치해야 합니다.', 'STEP_FINISHED.stepName must match a STEP_STARTED, so that a step\'s start and end pair.'),
  'step/wrong-owner': notes('Rules the reference verifier enforces (`verifyEvents`), error texts in the package', 'steps keyed by (owner, stepName), finished by whoever started them', 'Steps are keyed by owner and stepName: the agent (or subagent) that started a step finishes it.'),
  'stream/error': RUN_ENDS,
  'stream/start-dropped': ORDER,
  'stream/unfinished-run': RUN_BOUNDS,
  'subagent/already-active': SUBAGENT_INVOCATION,
  'subagent/missing-field': ev('SubagentStarted', '표시용으로 선언된 서브에이전트 이름 또는 타입', 'SUBAGENT_STARTED carries subagentRunId and name (the subagent name or type declared for display).'),
  'subagent/not-active': SUBAGENT_MATCH,
  'subagent/null-field': OMITTED,
  'subagent/outcome': ev('SubagentFinished', '선택적 판별 유니언: { type: "success" } 또는 { type: "suspended", interruptIds?: string[] }.', 'SUBAGENT_FINISHED.outcome is { type: "success" } or { type: "suspended", interruptIds?: string[] }.'),
  'subagent/reused': SUBAGENT_INVOCATION,
  'subagent/suspended-unknown-interrupt': SUBAGENT_OUTCOME,
  'subagent/unknown-parent': ev('SubagentStarted', '선택 — 서브에이전트가 중첩될 때 감싸는 서브에이전트', 'parentSubagentRunId names the enclosing subagent of a nested one: a subagent that was started.'),
  'text/already-open': TEXT_START_ID,
  'text/empty-delta': ev('TextMessageContent', '텍스트 콘텐츠 덩어리 (비어 있지 않음)', 'TEXT_MESSAGE_CONTENT.delta is a non-empty chunk of text.'),
  'text/not-open': TEXT_CONTENT_ID,
  'text/reused-id': ev('TextMessageEnd', '이 이벤트를 받은 후 프런트엔드는 메시지가 완료됐고 더 이상 콘텐츠가 추가되지 않을 것임을 알아요.', 'After TEXT_MESSAGE_END the message is complete and no more content is added to it: a new message needs a new id.'),
  'text/unknown-message': TEXT_CONTENT_ID,
  'transport/buffered': ev(
    '텍스트 메시지 이벤트',
    '이 스트리밍 방식은 메시지 콘텐츠가 생성되는 대로 실시간 표시를 가능하게 해, 전체 메시지가 완료될 때까지 아무것도 보여주지 않는 것보다 더 반응성 좋은 사용자 경험을 만들어요.',
    'Streaming lets the UI show content as it is produced, rather than nothing until the whole message is done: a response delivered in one piece at the end loses that.',
  ),
  'transport/content-type': notes(
    'Transports',
    'Protobuf: Content-Type exactly `application/vnd.ag-ui.event+proto`',
    'The content type says the format: text/event-stream for SSE, exactly application/vnd.ag-ui.event+proto for protobuf frames; the reference client reads the body by it.',
  ),
  'transport/idle-gap': notes('Transports', '`:` comments as heartbeats', 'Producers send SSE comments as heartbeats, so that an idle connection is not closed by a proxy while the agent works.'),
  'tool/already-open': TOOL_START_ID,
  'tool/args-not-json': ev('ToolCallArgs', '이 델타들은 종종 JSON 조각이며, 결합되면 도구의 완전한 인자 객체를 형성합니다.', "The deltas are JSON fragments that, joined, form the tool's complete arguments object: once the call ends they parse as JSON."),
  'tool/not-open': TOOL_ARGS_ID,
  'tool/parent-not-assistant': TOOL_PARENT,
  'tool/parent-owner': TOOL_PARENT,
  'tool/renamed': TOOL_START_ID,
  'tool/unknown-call': TOOL_ARGS_ID,
  'tool/unknown-result': ev('ToolCallResult', '대응하는 ToolCallStart 이벤트의 ID와 일치', 'TOOL_CALL_RESULT.toolCallId matches the id of the TOOL_CALL_START it answers.'),
};

/** The anchor of a rule's section in RULES.md (GitHub's heading slug). */
export const ruleAnchor = (id: string): string => id.replace(/[^a-z0-9-]/g, '');
