/**
 * Page functions (run in the probe page by either driver) for the run model's e2e tests: streams scripted event by
 * event through the probe server's /scripted route.
 */

/**
 * Two requests of one thread at once: run-a (text at once, tool call tc-a) and, 50 ms later, run-b (text later, tool
 * call tc-b), their events interleaved on the wire.
 */
export const overlappingRuns = async (): Promise<void> => {
  const play = (steps: { after: number; event: object }[]) => fetch(`/scripted?s=${btoa(JSON.stringify(steps))}`).then((r) => r.text());
  const run = (runId: string, tool: string, name: string, textAfter: number) => [
    { after: 0, event: { type: 'RUN_STARTED', threadId: 'shared', runId } },
    { after: textAfter, event: { type: 'TEXT_MESSAGE_START', messageId: `${runId}-m`, role: 'assistant' } },
    { after: 0, event: { type: 'TEXT_MESSAGE_CONTENT', messageId: `${runId}-m`, delta: `Looking that up for ${runId}.` } },
    { after: 0, event: { type: 'TEXT_MESSAGE_END', messageId: `${runId}-m` } },
    { after: 60, event: { type: 'TOOL_CALL_START', toolCallId: tool, toolCallName: name, parentMessageId: `${runId}-m` } },
    { after: 0, event: { type: 'TOOL_CALL_ARGS', toolCallId: tool, delta: '{"q":"ag-ui"}' } },
    { after: 0, event: { type: 'TOOL_CALL_END', toolCallId: tool } },
    { after: 60, event: { type: 'TOOL_CALL_RESULT', toolCallId: tool, messageId: `${tool}-result`, content: 'found it' } },
    { after: 60, event: { type: 'RUN_FINISHED', threadId: 'shared', runId } },
  ];
  const a = play(run('run-a', 'tc-a', 'search', 20));
  await new Promise((r) => setTimeout(r, 50));
  await Promise.all([a, play(run('run-b', 'tc-b', 'lookup', 200))]);
};

/**
 * An interrupt whose events carry timestamps 10 s in the past: it expires 5 s after the RUN_FINISHED that raises it
 * (by timestamp), the resume's timestamp is within that (so it is not expired), but the resume arrives after it.
 */
export const lateInterrupt = async (): Promise<void> => {
  const play = (steps: { after: number; event: object }[]) => fetch(`/scripted?s=${btoa(JSON.stringify(steps))}`).then((r) => r.text());
  const base = Date.now() - 10_000;
  await play([
    { after: 0, event: { type: 'RUN_STARTED', threadId: 'late', runId: 'run-i', timestamp: base } },
    {
      after: 20,
      event: {
        type: 'RUN_FINISHED',
        threadId: 'late',
        runId: 'run-i',
        timestamp: base + 10,
        outcome: { type: 'interrupt', interrupts: [{ id: 'ask-1', reason: 'input_required', message: 'Which city?', expiresAt: new Date(base + 5_010).toISOString() }] },
      },
    },
  ]);
  const input = { threadId: 'late', runId: 'run-r', messages: [], tools: [], context: [], state: {}, forwardedProps: {}, resume: [{ interruptId: 'ask-1', status: 'resolved', payload: { city: 'Lisbon' } }] };
  await play([
    { after: 0, event: { type: 'RUN_STARTED', threadId: 'late', runId: 'run-r', timestamp: base + 1_000, input } },
    { after: 20, event: { type: 'RUN_FINISHED', threadId: 'late', runId: 'run-r', timestamp: base + 1_020 } },
  ]);
};

/** A run with a reasoning message whose id is the one a CopilotKit client holds (reasoning-1). */
export const reasoningRun = async (): Promise<void> => {
  const steps = [
    { type: 'RUN_STARTED', threadId: 'think', runId: 'run-think' },
    { type: 'REASONING_START', messageId: 'reasoning-block-1' },
    { type: 'REASONING_MESSAGE_START', messageId: 'reasoning-1', role: 'reasoning' },
    { type: 'REASONING_MESSAGE_CONTENT', messageId: 'reasoning-1', delta: 'Thinking it over.' },
    { type: 'REASONING_MESSAGE_END', messageId: 'reasoning-1' },
    { type: 'REASONING_END', messageId: 'reasoning-block-1' },
    { type: 'RUN_FINISHED', threadId: 'think', runId: 'run-think' },
  ].map((event) => ({ after: 5, event }));
  await fetch(`/scripted?s=${btoa(JSON.stringify(steps))}`).then((r) => r.text());
};

/**
 * Words split over deltas and tool arguments cut off (issue 18, items 8 and 9): "Lisbon" comes as "Lis" + "bon",
 * "Porto" in a call's arguments as "Por" + "to", and call c-cut ends with its arguments a prefix of JSON.
 */
export const splitWords = async (): Promise<void> => {
  const steps = [
    { type: 'RUN_STARTED', threadId: 'split', runId: 'run-split' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm-split', role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-split', delta: 'Weather in Lis' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-split', delta: 'bon: sunny' },
    { type: 'TEXT_MESSAGE_END', messageId: 'm-split' },
    { type: 'TOOL_CALL_START', toolCallId: 'c-cut', toolCallName: 'search', parentMessageId: 'm-split' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c-cut', delta: '{"q": "ag-' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c-cut', delta: 'ui' },
    { type: 'TOOL_CALL_END', toolCallId: 'c-cut' },
    { type: 'TOOL_CALL_START', toolCallId: 'c-city', toolCallName: 'weather', parentMessageId: 'm-split' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c-city', delta: '{"city":"Por' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'c-city', delta: 'to"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'c-city' },
    { type: 'TOOL_CALL_RESULT', toolCallId: 'c-city', messageId: 'c-city-result', content: 'rain' },
    { type: 'RUN_FINISHED', threadId: 'split', runId: 'run-split' },
  ].map((event) => ({ after: 3, event }));
  await fetch(`/scripted?s=${btoa(JSON.stringify(steps))}`).then((r) => r.text());
};
