/**
 * The command channel in memory, no browser: a panel's command goes to the background by its name, on to every frame
 * of the tab by the same name (TabFrames, the one door), and each document's relay takes it (commands.ts): every
 * command reaches the part that acts on it, a document's command is acted on by that document only, and the
 * background learns when each frame has it.
 */
import { expect, test } from 'vitest';
import { FORWARDED, PanelOutboundSchema, type RelayCommand, TAB_COMMANDS, type TabCommandName } from '../../bridge/messages';
import { TabFrames } from '../background/tabFrames';
import { type CommandTargets, takeCommand } from './commands';

/** A document's relay that notes what each command made it do. */
function relay(docKey: string) {
  const did: string[] = [];
  const note = (what: string) => (...args: unknown[]) => void did.push(`${what} ${JSON.stringify(args)}`);
  const targets: CommandTargets = {
    docKey,
    resync: note('resync'),
    setEager: note('setEager'),
    setRules: note('setRules'),
    step: note('step'),
    setHold: note('setHold'),
    release: note('release'),
    resend: note('resend'),
    plan: note('plan'),
    cancelResend: note('cancelResend'),
  };
  return { did, take: (raw: unknown) => takeCommand(raw, targets) };
}

/** One of each command, for document `doc-a`. */
const SAMPLES: { [K in TabCommandName]: Extract<RelayCommand, { kind: K }> } = {
  resync: { kind: 'resync', have: { 'doc-a': 4 } },
  mode: { kind: 'mode', eager: true },
  'replay-rules': { kind: 'replay-rules', rules: [] },
  'replay-step': { kind: 'replay-step', rule: 'r1', to: 3 },
  hold: { kind: 'hold', on: true },
  'pause-release': { kind: 'pause-release', docKey: 'doc-a', id: 2, upTo: null },
  resend: { kind: 'resend', docKey: 'doc-a', id: 2, rid: 'rs1', body: '{}' },
  'resend-cancel': { kind: 'resend-cancel', docKey: 'doc-a', rid: 'rs1' },
};
const EXPECTED: Record<TabCommandName, string> = {
  resync: 'resync [4]',
  mode: 'setEager [true]',
  'replay-rules': 'setRules [[]]',
  'replay-step': 'step ["r1",3]',
  hold: 'setHold [true]',
  'pause-release': 'release [2,null]',
  resend: 'resend [2,"rs1","{}"]',
  'resend-cancel': 'cancelResend ["rs1"]',
};

test('every command of the table reaches the part that acts on it, and is answered', () => {
  expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(TAB_COMMANDS).sort());
  for (const [name, command] of Object.entries(SAMPLES) as [TabCommandName, RelayCommand][]) {
    const r = relay('doc-a');
    expect(r.take(command), name).toBe(true);
    expect(r.did, name).toEqual([EXPECTED[name]]);
  }
  // What is not a command (a page cannot send these, but a malformed one is let pass) does nothing.
  const r = relay('doc-a');
  expect(r.take({ kind: 'hold', on: 'yes' })).toBeUndefined();
  expect(r.take({ kind: 'agui-hold', on: true })).toBeUndefined();
  expect(r.did).toEqual([]);
});

test('a forwarded command goes from the panel to every frame by the same name; only its document acts, and every frame is waited for', async () => {
  const docs = new Map([
    [0, relay('doc-top')],
    [5, relay('doc-a')],
  ]);
  const sent: { frameId: number | undefined; command: RelayCommand }[] = [];
  const frames = new TabFrames(async (_tabId, command, frameId) => {
    sent.push({ frameId, command });
    await new Promise((r) => setTimeout(r, frameId === 5 ? 5 : 0));
    return docs.get(frameId ?? 0)?.take(command);
  });
  frames.hello(9, 0);
  frames.hello(9, 5);
  for (const name of FORWARDED) {
    const fromPanel = PanelOutboundSchema.parse({ ...SAMPLES[name], tabId: 9 });
    // The background passes it on as it came, without the tab (background.ts).
    const { tabId, ...command } = fromPanel as typeof fromPanel & { tabId: number };
    expect(tabId).toBe(9);
    expect(command).toEqual(SAMPLES[name]);
    sent.length = 0;
    await frames.toEvery(9, command as RelayCommand);
    expect(sent.map((s) => [s.frameId, s.command.kind])).toEqual([
      [0, name],
      [5, name],
    ]);
  }
  const actedOn = (frameId: number) => docs.get(frameId)!.did.map((d) => d.split(' ')[0]);
  // replay-step is for every document; the others name doc-a.
  expect(actedOn(0)).toEqual(['step']);
  expect(actedOn(5)).toEqual(['step', 'release', 'resend', 'cancelResend']);
});
