/** The differential check between our replay and the reference client, shared by tests and debugging. */
import { expect } from 'vitest';
import { replayValues } from '../replay/fromEvents';
import { runReference } from './reference';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The reference mints random ids for THINKING_* events that have none; ours are thinking-1, thinking-2, ….
 * Where the reference holds such a uuid and we hold a minted id at the same place, the uuid is read as ours,
 * consistently (one uuid, one id), so everything else still has to be equal.
 */
export function alignMintedIds(ours: unknown, reference: unknown, map = new Map<string, string>()): unknown {
  if (typeof reference === 'string' && UUID.test(reference) && typeof ours === 'string' && /^thinking-\d+$/.test(ours)) {
    if (!map.has(reference)) map.set(reference, ours);
    return map.get(reference);
  }
  if (Array.isArray(reference)) return reference.map((v, i) => alignMintedIds(Array.isArray(ours) ? ours[i] : undefined, v, map));
  if (reference && typeof reference === 'object') {
    const o = ours && typeof ours === 'object' ? (ours as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(reference).map(([k, v]) => [k, alignMintedIds(o[k], v, map)]));
  }
  return reference;
}

const representable = (value: unknown): boolean => {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
};

/** What must hold between our replay and the reference client on one sequence. */
export async function expectSameAsReference(events: readonly unknown[]) {
  const reference = await runReference(events);
  const { replay } = replayValues(events);
  const last = reference.stoppedAt === undefined ? events.length - 1 : reference.stoppedAt - 1;
  const ours = replay.at(last);
  const mine = { messages: ours.messages, state: ours.state };
  if (!representable({ messages: reference.messages, state: reference.state })) {
    // The reference let a move put a document inside itself (RFC 6902 forbids it); we refused that patch.
    // Everything the reference still holds as JSON must be equal; for the rest, the message ids.
    expect(replay.problems.some((p) => p.ruleId.endsWith('/patch-failed') && p.message.includes('MOVE_INTO_ITSELF'))).toBe(true);
    if (representable(reference.state)) expect(mine.state).toEqual(reference.state);
    const refMessages = reference.messages as { id: string }[];
    expect(mine.messages.map((m) => m.id)).toEqual(alignMintedIds(mine.messages.map((m) => m.id), refMessages.map((m) => m.id)));
    refMessages.forEach((m, k) => {
      if (representable(m)) expect(mine.messages[k]).toEqual(alignMintedIds(mine.messages[k], m));
    });
    return { reference, replay };
  }
  expect(mine).toEqual(alignMintedIds(mine, { messages: reference.messages, state: reference.state }));
  if (reference.stoppedAt !== undefined) {
    const errors = replay.problems.filter((p) => p.severity === 'error' && p.eventIndex === reference.stoppedAt);
    expect(errors, `the reference stopped at event ${reference.stoppedAt}: ${reference.error}`).not.toEqual([]);
    // The engine says the client stops there, and from there on shows what the client holds: at every later event.
    // (But where the reference crashed on a document inside itself, which a move built and we refused to build: it
    // throws on the cycle when a later operation of the same delta fails and it writes the state into its warning.)
    if (/circular structure/.test(reference.error ?? '')) return { reference, replay };
    expect(replay.stops[0]?.index, 'where the engine says the client stops').toBe(reference.stoppedAt);
    for (let k = reference.stoppedAt; k < events.length; k++) {
      const later = replay.at(k);
      const held = { messages: later.messages, state: later.state };
      expect(held, `as of event ${k}, after the client stopped at ${reference.stoppedAt}`).toEqual(alignMintedIds(held, { messages: reference.messages, state: reference.state }));
    }
  } else expect(replay.stops, 'the reference did not stop').toEqual([]);
  return { reference, replay };
}

