/**
 * The tab commands (bridge/messages.ts TAB_COMMANDS) as this document's relay takes them: one handler per command,
 * the table checked exhaustive by TypeScript. A command for another document (its docKey) is let pass unanswered;
 * every command this document acts on is answered true, so the background knows when each frame has it.
 */
import { RelayCommandSchema, type TabCommand, type TabCommandName } from '../../bridge/messages';

/** What the relay's parts do with each command (given by relay.ts; an in-memory stand-in in tests). */
export interface CommandTargets {
  docKey: string;
  resync(after: number): void;
  setEager(eager: boolean): void;
  setRules(rules: TabCommand<'replay-rules'>['rules']): void;
  step(rule: string, to: number): void;
  setHold(on: boolean): void;
  release(id: number, upTo: number | null): void;
  resend(id: number, rid: string, body: string): void;
  plan(id: number, rid: string): void;
  cancelResend(rid: string): void;
}

type Handlers = { [K in TabCommandName]: (command: TabCommand<K>, t: CommandTargets) => void };

const HANDLERS: Handlers = {
  // Everything after what the background holds, from here on as it comes.
  resync: (c, t) => t.resync(c.have[t.docKey] ?? -1),
  mode: (c, t) => t.setEager(c.eager),
  // The hook has them (posted on its port) before the background tells the panel they are armed.
  'replay-rules': (c, t) => t.setRules(c.rules),
  'replay-step': (c, t) => t.step(c.rule, c.to),
  hold: (c, t) => t.setHold(c.on),
  'pause-release': (c, t) => t.release(c.id, c.upTo),
  resend: (c, t) => (c.plan ? t.plan(c.id, c.rid) : t.resend(c.id, c.rid, c.body)),
  'resend-cancel': (c, t) => t.cancelResend(c.rid),
};

/** Takes one message from the background: true once acted on, undefined when it is not one for this document. */
export function takeCommand(raw: unknown, targets: CommandTargets): true | undefined {
  const parsed = RelayCommandSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const command = parsed.data;
  if ('docKey' in command && command.docKey !== targets.docKey) return undefined;
  (HANDLERS[command.kind] as (c: typeof command, t: CommandTargets) => void)(command, targets);
  return true;
}
