/**
 * Scripted agent runs for the demo: each one exercises a part of the protocol with fixed ids, so a run is
 * reproducible (tests compare what the page received with and without the extension).
 */
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';

export interface Scenario {
  title: string;
  /** The user's prompt the demo page sends. */
  prompt: string;
  events(input: RunAgentInput): BaseEvent[] | Promise<BaseEvent[]>;
}

const run = (input: RunAgentInput) => ({ threadId: input.threadId, runId: input.runId });

const streamText = (messageId: string, text: string, extra: Partial<BaseEvent> = {}): BaseEvent[] => {
  const words = text.match(/\S+\s*/g) ?? [text];
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant', ...extra } as BaseEvent,
    ...words.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta, ...extra }) as BaseEvent),
    { type: EventType.TEXT_MESSAGE_END, messageId, ...extra } as BaseEvent,
  ];
};

const streamArgs = (toolCallId: string, args: object): BaseEvent[] => {
  const json = JSON.stringify(args);
  const parts: BaseEvent[] = [];
  for (let i = 0; i < json.length; i += 12) {
    parts.push({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: json.slice(i, i + 12) } as BaseEvent);
  }
  return parts;
};

export const scenarios: Record<string, Scenario> = {
  chat: {
    title: 'Text streaming',
    prompt: 'Say hello',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      ...streamText('chat-reply', 'Hello! I am the AG-UI demo agent. Every word you read arrived as its own event.'),
      {
        type: EventType.RUN_FINISHED,
        ...run(input),
        outcome: { type: 'success' },
        usage: [{ provider: 'demo', model: 'demo-1', inputTokens: 24, outputTokens: 19, totalTokens: 43, cachedInputTokens: 8 }],
      } as BaseEvent,
    ],
  },

  tools: {
    title: 'Tool call with a result',
    prompt: 'What is the weather in Lisbon?',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      ...streamText('tools-intro', 'Let me check the weather.'),
      { type: EventType.TOOL_CALL_START, toolCallId: 'call-weather', toolCallName: 'get_weather', parentMessageId: 'tools-intro' } as BaseEvent,
      ...streamArgs('call-weather', { city: 'Lisbon', unit: 'celsius' }),
      { type: EventType.TOOL_CALL_END, toolCallId: 'call-weather' } as BaseEvent,
      {
        type: EventType.TOOL_CALL_RESULT,
        messageId: 'tools-result',
        toolCallId: 'call-weather',
        role: 'tool',
        content: JSON.stringify({ temperature: 21, sky: 'clear' }),
      } as BaseEvent,
      ...streamText('tools-answer', 'It is 21°C and clear in Lisbon.'),
      { type: EventType.RUN_FINISHED, ...run(input), outcome: { type: 'success' } } as BaseEvent,
    ],
  },

  state: {
    title: 'State snapshot and deltas',
    prompt: 'Plan my trip',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      { type: EventType.STATE_SNAPSHOT, snapshot: { trip: { city: 'Lisbon', days: 2 }, todos: [] } } as BaseEvent,
      { type: EventType.STEP_STARTED, stepName: 'plan' } as BaseEvent,
      { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/todos/-', value: { title: 'Book hotel', done: false } }] } as BaseEvent,
      { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/todos/-', value: { title: 'Visit Belém', done: false } }] } as BaseEvent,
      { type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/todos/0/done', value: true }, { op: 'replace', path: '/trip/days', value: 3 }] } as BaseEvent,
      { type: EventType.STEP_FINISHED, stepName: 'plan' } as BaseEvent,
      ...streamText('state-reply', 'Your trip plan is in the state panel.'),
      { type: EventType.RUN_FINISHED, ...run(input), outcome: { type: 'success' } } as BaseEvent,
    ],
  },

  reasoning: {
    title: 'Reasoning',
    prompt: 'Is 97 prime?',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      { type: EventType.REASONING_START, messageId: 'reasoning-1' } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_START, messageId: 'reasoning-1-msg', role: 'reasoning' } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'reasoning-1-msg', delta: 'Check divisors up to 9: ' } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'reasoning-1-msg', delta: '2, 3, 5, 7 do not divide 97.' } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_END, messageId: 'reasoning-1-msg' } as BaseEvent,
      { type: EventType.REASONING_ENCRYPTED_VALUE, subtype: 'message', entityId: 'reasoning-1-msg', encryptedValue: 'enc:4f2a9c' } as BaseEvent,
      { type: EventType.REASONING_END, messageId: 'reasoning-1' } as BaseEvent,
      ...streamText('reasoning-reply', 'Yes, 97 is prime.'),
      { type: EventType.RUN_FINISHED, ...run(input), outcome: { type: 'success' } } as BaseEvent,
    ],
  },

  interrupt: {
    title: 'Interrupt and resume',
    prompt: 'Delete my old files',
    events: (input) => {
      const resume = input.resume?.[0];
      if (!resume) {
        return [
          { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
          ...streamText('interrupt-ask', 'I need your approval first.'),
          { type: EventType.TOOL_CALL_START, toolCallId: 'call-delete', toolCallName: 'delete_files', parentMessageId: 'interrupt-ask' } as BaseEvent,
          ...streamArgs('call-delete', { olderThanDays: 30 }),
          { type: EventType.TOOL_CALL_END, toolCallId: 'call-delete' } as BaseEvent,
          {
            type: EventType.RUN_FINISHED,
            ...run(input),
            outcome: {
              type: 'interrupt',
              interrupts: [
                {
                  id: 'approve-delete',
                  reason: 'tool_call',
                  toolCallId: 'call-delete',
                  message: 'Delete 12 files older than 30 days?',
                  responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] },
                },
              ],
            },
          } as BaseEvent,
        ];
      }
      const approved = resume.status === 'resolved' && (resume.payload as { approved?: boolean } | undefined)?.approved === true;
      return [
        { type: EventType.RUN_STARTED, ...run(input), ...(input.parentRunId ? { parentRunId: input.parentRunId } : {}) } as BaseEvent,
        {
          type: EventType.TOOL_CALL_RESULT,
          messageId: 'interrupt-result',
          toolCallId: 'call-delete',
          role: 'tool',
          content: approved ? 'Deleted 12 files.' : 'Cancelled by the user.',
        } as BaseEvent,
        ...streamText('interrupt-done', approved ? 'Done: 12 files deleted.' : 'Nothing was deleted.'),
        { type: EventType.RUN_FINISHED, ...run(input), outcome: { type: 'success' } } as BaseEvent,
      ];
    },
  },

  subagent: {
    title: 'Subagent',
    prompt: 'Research AG-UI',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      ...streamText('sub-intro', 'Asking the researcher.'),
      { type: EventType.SUBAGENT_STARTED, subagentRunId: 'sub-researcher-1', name: 'researcher', description: 'Finds sources' } as BaseEvent,
      ...streamText('sub-finding', 'AG-UI streams typed events from agents to UIs.', { subagentRunId: 'sub-researcher-1' }),
      { type: EventType.SUBAGENT_FINISHED, subagentRunId: 'sub-researcher-1', outcome: { type: 'success' } } as BaseEvent,
      ...streamText('sub-summary', 'The researcher found one source.'),
      { type: EventType.RUN_FINISHED, ...run(input), outcome: { type: 'success' } } as BaseEvent,
    ],
  },

  activity: {
    title: 'Activity',
    prompt: 'Search the web',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'activity-search', activityType: 'SEARCH', content: { query: 'ag-ui', results: 0, done: false } } as BaseEvent,
      { type: EventType.ACTIVITY_DELTA, messageId: 'activity-search', activityType: 'SEARCH', patch: [{ op: 'replace', path: '/results', value: 7 }] } as BaseEvent,
      { type: EventType.ACTIVITY_DELTA, messageId: 'activity-search', activityType: 'SEARCH', patch: [{ op: 'replace', path: '/done', value: true }] } as BaseEvent,
      ...streamText('activity-reply', 'Found 7 results.'),
      { type: EventType.RUN_FINISHED, ...run(input), outcome: { type: 'success' } } as BaseEvent,
    ],
  },

  // Not in "Run all" (its counts stay as the tests know them): generative UI through the real A2UI middleware.
  // (Loaded on first use: the demo page, which bundles this file for the titles, never loads the middleware.)
  genui: { title: 'Generative UI', prompt: 'Show the weather in Lisbon as a card', events: (input) => import('./genui').then((m) => m.genuiEvents(input)) },
  'genui-broken': { title: 'Broken surface', prompt: 'Show the weather in Porto', events: (input) => import('./genui').then((m) => m.genuiBrokenEvents(input)) },

  // A producer with two bugs: a text delta after its message ended (the page's client stops the run there: it refuses
  // it), then a state delta to a misspelled path. What the page holds is what came before the first.
  broken: {
    title: 'Broken stream',
    prompt: 'What is the weather in Lisbon?',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      { type: EventType.STATE_SNAPSHOT, snapshot: { city: 'Lisbon', temperature: '18 °C' } } as BaseEvent,
      ...streamText('broken-reply', 'It is sunny in Lisbon.'),
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'broken-reply', delta: ' And warm.' } as BaseEvent,
      { type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/temprature', value: '20 °C' }] } as BaseEvent,
      { type: EventType.RUN_FINISHED, ...run(input) } as BaseEvent,
    ],
  },

  // An older producer's reasoning: THINKING_* events, which the page's client maps to REASONING_* before the app sees them.
  'legacy-thinking': {
    title: 'Legacy thinking',
    prompt: 'Should I take an umbrella in Lisbon?',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      { type: 'THINKING_START', title: 'Planning' } as unknown as BaseEvent,
      { type: 'THINKING_TEXT_MESSAGE_START' } as unknown as BaseEvent,
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Check the forecast for rain first.' } as unknown as BaseEvent,
      { type: 'THINKING_TEXT_MESSAGE_END' } as unknown as BaseEvent,
      { type: 'THINKING_END' } as unknown as BaseEvent,
      ...streamText('thinking-reply', 'No rain today: leave the umbrella.'),
      { type: EventType.RUN_FINISHED, ...run(input) } as BaseEvent,
    ],
  },

  error: {
    title: 'Run error',
    prompt: 'Crash, please',
    events: (input) => [
      { type: EventType.RUN_STARTED, ...run(input) } as BaseEvent,
      ...streamText('error-partial', 'Starting the job'),
      { type: EventType.RUN_ERROR, message: 'The model provider timed out', code: 'UPSTREAM_TIMEOUT' } as BaseEvent,
    ],
  },
};

/** The order the demo page's "Run all" uses; `interrupt` runs twice (the resume). */
export const SCENARIO_ORDER = ['chat', 'tools', 'state', 'reasoning', 'activity', 'subagent', 'interrupt', 'error'] as const;

/** Scenarios with their own buttons, outside "Run all". */
export const EXTRA_SCENARIOS = ['genui', 'genui-broken', 'broken', 'legacy-thinking'] as const;
