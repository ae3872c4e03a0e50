/**
 * The demo page: runs the demo agent's scenarios with @ag-ui/client's HttpAgent and shows what the agent holds.
 * `window.demo` lets tests drive it and read what the page received.
 * `?format=proto` asks the agent for protobuf instead of SSE; `?delay=N` sets the milliseconds between events.
 */
import { HttpAgent } from '@ag-ui/client';
import type { BaseEvent, Message, RunAgentInput } from '@ag-ui/core';
import { EXTRA_SCENARIOS, SCENARIO_ORDER, scenarios } from '../scenarios';

const params = new URLSearchParams(location.search);
const proto = params.get('format') === 'proto';
const delay = params.get('delay');

class DemoAgent extends HttpAgent {
  protected override requestInit(input: RunAgentInput): RequestInit {
    const init = super.requestInit(input);
    if (proto) init.headers = { ...(init.headers as Record<string, string>), Accept: 'application/vnd.ag-ui.event+proto' };
    return init;
  }
}

interface DemoRecord {
  scenario: string;
  events: BaseEvent[];
  error?: string;
}

const agents = new Map<string, DemoAgent>();
const records: DemoRecord[] = [];
let running = false;

const messagesEl = document.getElementById('messages')!;
const stateEl = document.getElementById('state')!;
const statusEl = document.getElementById('status')!;
const nav = document.getElementById('scenarios')!;

/** A message's text, and the tool calls it makes (one line each). */
const textOf = (message: Message): string => {
  const content = (message as { content?: unknown }).content;
  const text = typeof content === 'string' ? content : content && typeof content === 'object' ? JSON.stringify(content) : '';
  const calls = (message as { toolCalls?: { function: { name: string; arguments: string } }[] }).toolCalls ?? [];
  return [text, ...calls.map((c) => `→ ${c.function.name}(${c.function.arguments})`)].filter(Boolean).join('\n');
};

const render = (agent: DemoAgent) => {
  messagesEl.replaceChildren(
    ...agent.messages.map((m) => {
      const div = document.createElement('div');
      div.className = `msg ${m.role}`;
      const who = document.createElement('b');
      who.textContent = m.role;
      div.append(who, textOf(m));
      return div;
    }),
  );
  stateEl.textContent = JSON.stringify(agent.state, null, 2);
};

const agentFor = (name: string): DemoAgent => {
  let agent = agents.get(name);
  if (!agent) {
    const url = `/agent/${name}${delay === null ? '' : `?delay=${encodeURIComponent(delay)}`}`;
    agent = new DemoAgent({ url, threadId: `thread-${name}` });
    agents.set(name, agent);
  }
  return agent;
};

async function runScenario(name: string): Promise<DemoRecord> {
  const scenario = scenarios[name];
  if (!scenario) throw new Error(`No scenario ${name}`);
  const agent = agentFor(name);
  const record: DemoRecord = { scenario: name, events: [] };
  records.push(record);
  const subscriber = {
    onEvent: ({ event }: { event: BaseEvent }) => {
      record.events.push(structuredClone(event));
    },
    // Called once an event has been applied: the page shows what the agent holds after each event.
    onMessagesChanged: () => render(agent),
    onStateChanged: () => render(agent),
  };
  statusEl.textContent = `running ${name}…`;
  try {
    agent.addMessage({ id: `user-${name}-${records.length}`, role: 'user', content: scenario.prompt });
    render(agent);
    await agent.runAgent({}, subscriber);
    if (agent.pendingInterrupts.length > 0) {
      // The demo user approves every interrupt; the next run carries the resume.
      const resume = agent.pendingInterrupts.map((i) => ({ interruptId: i.id, status: 'resolved' as const, payload: { approved: true } }));
      await agent.runAgent({ resume }, subscriber);
    }
    statusEl.textContent = `${name}: done`;
  } catch (error) {
    record.error = String((error as Error)?.message ?? error);
    statusEl.textContent = `${name}: ${record.error}`;
  }
  render(agent);
  return record;
}

async function runAll(): Promise<void> {
  for (const name of SCENARIO_ORDER) await runScenario(name);
}

const guard = (fn: () => Promise<unknown>) => async () => {
  if (running) return;
  running = true;
  for (const b of nav.querySelectorAll('button')) b.disabled = true;
  try {
    await fn();
  } finally {
    running = false;
    for (const b of nav.querySelectorAll('button')) b.disabled = false;
  }
};

const all = document.createElement('button');
all.className = 'all';
all.textContent = 'Run all scenarios';
all.onclick = guard(runAll);
nav.append(all);
for (const name of [...SCENARIO_ORDER, ...EXTRA_SCENARIOS]) {
  const button = document.createElement('button');
  button.textContent = scenarios[name]!.title;
  button.dataset.scenario = name;
  button.onclick = guard(() => runScenario(name));
  nav.append(button);
}

/** What the page's agents hold, for tests: messages and state per scenario. */
const snapshot = () =>
  Object.fromEntries([...agents].map(([name, agent]) => [name, { messages: agent.messages, state: agent.state }]));

declare global {
  interface Window {
    demo: {
      runScenario: typeof runScenario;
      runAll: typeof runAll;
      records: DemoRecord[];
      snapshot: typeof snapshot;
    };
  }
}
window.demo = { runScenario, runAll, records, snapshot };
