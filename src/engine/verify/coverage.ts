/**
 * Protocol coverage: which features of AG-UI a set of sessions exercises (`agui-devtools lint --coverage`). A team's
 * golden sessions that never stream a tool result or a state delta leave those paths of its UI untested; this says
 * which.
 */
import type { Frame } from '../decode/frames';
import type { Session } from '../session/session';

export interface Feature {
  id: string;
  name: string;
  /** What exercises it, as said in the report. */
  by: string;
}

/** The features, in the order of the events page. */
export const FEATURES: readonly Feature[] = [
  { id: 'lifecycle', name: 'Run lifecycle', by: 'RUN_STARTED, RUN_FINISHED, RUN_ERROR' },
  { id: 'steps', name: 'Steps', by: 'STEP_STARTED, STEP_FINISHED' },
  { id: 'text', name: 'Text messages', by: 'TEXT_MESSAGE_START, _CONTENT, _END' },
  { id: 'tool-calls', name: 'Tool calls', by: 'TOOL_CALL_START, _ARGS, _END' },
  { id: 'tool-results', name: 'Tool results', by: 'TOOL_CALL_RESULT' },
  { id: 'state', name: 'State snapshots and deltas', by: 'STATE_SNAPSHOT, STATE_DELTA' },
  { id: 'messages-snapshot', name: 'Messages snapshots', by: 'MESSAGES_SNAPSHOT' },
  { id: 'activity', name: 'Activity', by: 'ACTIVITY_SNAPSHOT, ACTIVITY_DELTA' },
  { id: 'reasoning', name: 'Reasoning', by: 'REASONING_START, REASONING_MESSAGE_* (and the deprecated THINKING_*)' },
  { id: 'encrypted-reasoning', name: 'Encrypted reasoning', by: 'REASONING_ENCRYPTED_VALUE, or a message with encryptedValue' },
  { id: 'subagents', name: 'Subagents', by: 'SUBAGENT_STARTED, _FINISHED, _ERROR, or an event with subagentRunId' },
  { id: 'interrupts', name: 'Interrupts and resumes', by: "RUN_FINISHED with an interrupt outcome, or a run's input with resume" },
  { id: 'metadata', name: 'Metadata', by: 'an event with metadata' },
  { id: 'custom-raw', name: 'Custom and raw events', by: 'CUSTOM, RAW' },
  { id: 'chunks', name: 'Chunk events', by: 'TEXT_MESSAGE_CHUNK, TOOL_CALL_CHUNK, REASONING_MESSAGE_CHUNK' },
];

const BY_TYPE: Record<string, string> = {};
for (const [feature, types] of Object.entries({
  lifecycle: ['RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR'],
  steps: ['STEP_STARTED', 'STEP_FINISHED'],
  text: ['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END'],
  'tool-calls': ['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END'],
  'tool-results': ['TOOL_CALL_RESULT'],
  state: ['STATE_SNAPSHOT', 'STATE_DELTA'],
  'messages-snapshot': ['MESSAGES_SNAPSHOT'],
  activity: ['ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA'],
  reasoning: [
    'REASONING_START',
    'REASONING_END',
    'REASONING_MESSAGE_START',
    'REASONING_MESSAGE_CONTENT',
    'REASONING_MESSAGE_END',
    'THINKING_START',
    'THINKING_END',
    'THINKING_TEXT_MESSAGE_START',
    'THINKING_TEXT_MESSAGE_CONTENT',
    'THINKING_TEXT_MESSAGE_END',
  ],
  'encrypted-reasoning': ['REASONING_ENCRYPTED_VALUE'],
  subagents: ['SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR'],
  'custom-raw': ['CUSTOM', 'RAW'],
  chunks: ['TEXT_MESSAGE_CHUNK', 'TOOL_CALL_CHUNK', 'REASONING_MESSAGE_CHUNK'],
})) {
  for (const t of types) BY_TYPE[t] = feature;
}

/** How many events of each feature (an event may count for more than one: a chunk with metadata). */
export type FeatureCounts = Record<string, number>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasResume = (input: unknown): boolean => isObject(input) && Array.isArray(input.resume) && input.resume.length > 0;
const anyEncrypted = (messages: unknown): boolean =>
  Array.isArray(messages) &&
  messages.some((m) => isObject(m) && (typeof m.encryptedValue === 'string' || (Array.isArray(m.toolCalls) && m.toolCalls.some((c) => isObject(c) && typeof c.encryptedValue === 'string'))));

function countEvent(e: Record<string, unknown>, add: (feature: string) => void): void {
  const type = typeof e.type === 'string' ? e.type : '';
  const feature = BY_TYPE[type];
  if (feature) add(feature);
  if (isObject(e.metadata)) add('metadata');
  if (typeof e.subagentRunId === 'string' && feature !== 'subagents') add('subagents');
  if (type === 'RUN_FINISHED' && isObject(e.outcome) && e.outcome.type === 'interrupt') add('interrupts');
  if (type === 'RUN_STARTED' && hasResume(e.input)) add('interrupts');
  if (type === 'MESSAGES_SNAPSHOT' && anyEncrypted(e.messages)) add('encrypted-reasoning');
}

/** The features the events of a session exercise, and the inputs its requests sent (a resume is the client's half). */
export function featuresOf(frames: readonly Frame[], session?: Session): FeatureCounts {
  const counts: FeatureCounts = {};
  const add = (f: string) => void (counts[f] = (counts[f] ?? 0) + 1);
  for (const frame of frames) {
    const e = frame.event;
    if (frame.direction !== 'out' && isObject(e)) countEvent(e, add);
  }
  for (const { info } of session?.streams.values() ?? []) {
    if (info.requestBody === undefined) continue;
    try {
      if (hasResume(JSON.parse(info.requestBody))) add('interrupts');
    } catch {
      // A request that is not JSON sent no RunAgentInput.
    }
  }
  return counts;
}

export interface CoverageReport {
  files: { file: string; features: FeatureCounts; exercised: number }[];
  total: { id: string; name: string; by: string; files: number; events: number }[];
  exercised: number;
  of: number;
  missing: string[];
}

export function coverageReport(files: readonly { file: string; features: FeatureCounts }[]): CoverageReport {
  const total = FEATURES.map((f) => {
    const with_ = files.filter((x) => (x.features[f.id] ?? 0) > 0);
    return { ...f, files: with_.length, events: with_.reduce((n, x) => n + x.features[f.id]!, 0) };
  });
  return {
    files: files.map((x) => ({ file: x.file, features: x.features, exercised: FEATURES.filter((f) => (x.features[f.id] ?? 0) > 0).length })),
    total,
    exercised: total.filter((t) => t.files > 0).length,
    of: FEATURES.length,
    missing: total.filter((t) => t.files === 0).map((t) => t.id),
  };
}
