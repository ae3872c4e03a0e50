/**
 * A lane's STATE_DELTAs write into the containers its own earlier patches copied (no copy per delta), and never
 * into anything someone else holds: a checkpoint, a view, an event.
 */
import jsonpatch, { type Operation } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import type { AgUiEvent } from '../events/model';
import { Lane } from './lane';

const delta = (...ops: object[]) => ({ type: 'STATE_DELTA', delta: ops }) as unknown as AgUiEvent;
const snapshot = (value: unknown) => ({ type: 'STATE_SNAPSHOT', snapshot: value }) as unknown as AgUiEvent;

describe('a lane patching its state', () => {
  it('a state read between deltas stays as it was read', () => {
    const lane = new Lane();
    lane.apply(snapshot({ cart: { items: [] as unknown[], total: 0 } }));
    lane.apply(delta({ op: 'add', path: '/cart/items/-', value: 'a' }));
    lane.apply(delta({ op: 'replace', path: '/cart/total', value: 1 }));
    const seen = lane.state;
    const copy = structuredClone(seen);
    lane.apply(delta({ op: 'add', path: '/cart/items/-', value: 'b' }));
    lane.apply(delta({ op: 'replace', path: '/cart/total', value: 2 }));
    lane.apply(delta({ op: 'remove', path: '/cart/items/0' }));
    expect(seen).toEqual(copy);
    expect(lane.state).toEqual({ cart: { items: ['b'], total: 2 } });
  });

  it('a snapshot (a checkpoint) stays as it was taken', () => {
    const lane = new Lane();
    lane.apply(delta({ op: 'add', path: '/n', value: { deep: [1] } }));
    lane.apply(delta({ op: 'add', path: '/n/deep/-', value: 2 }));
    const checkpoint = lane.snapshot();
    const copy = structuredClone(checkpoint.state);
    lane.apply(delta({ op: 'add', path: '/n/deep/-', value: 3 }));
    lane.apply(delta({ op: 'replace', path: '/n/deep/0', value: 9 }));
    expect(checkpoint.state).toEqual(copy);
    expect(new Lane(checkpoint).state).toEqual(copy);
  });

  it("the events' own values are never written into", () => {
    const lane = new Lane();
    const snap = snapshot({ a: { b: 1 } });
    const added = delta({ op: 'add', path: '/c', value: { d: [1] } });
    lane.apply(snap);
    lane.apply(added);
    lane.apply(delta({ op: 'replace', path: '/a/b', value: 2 }));
    lane.apply(delta({ op: 'add', path: '/c/d/-', value: 2 }));
    lane.apply(delta({ op: 'add', path: '/c/d/-', value: 3 }));
    expect((snap as unknown as { snapshot: unknown }).snapshot).toEqual({ a: { b: 1 } });
    expect((added as unknown as { delta: { value: unknown }[] }).delta[0]!.value).toEqual({ d: [1] });
    expect(lane.state).toEqual({ a: { b: 2 }, c: { d: [1, 2, 3] } });
  });

  it('a failing delta leaves the state as it was, and later deltas go on from there (as fast-json-patch)', () => {
    const lane = new Lane();
    let reference: unknown = {};
    const steps: object[][] = [
      [{ op: 'add', path: '/list', value: [1, 2] }],
      [{ op: 'add', path: '/list/-', value: 3 }],
      [{ op: 'remove', path: '/list/7' }],
      [{ op: 'test', path: '/list/0', value: 5 }],
      [{ op: 'replace', path: '/missing/x', value: 1 }],
      [{ op: 'add', path: '/list/1', value: 'x' }],
      [{ op: 'add', path: '/o', value: {} }, { op: 'add', path: '/o/k', value: 1 }, { op: 'remove', path: '/nope' }],
      [{ op: 'move', from: '/list', path: '/moved' }],
      [{ op: 'add', path: '/moved/-', value: 4 }],
    ];
    for (const ops of steps) {
      lane.apply(delta(...ops));
      try {
        reference = jsonpatch.applyPatch(structuredClone(reference), ops as Operation[], true, false).newDocument;
      } catch {
        // The reference keeps its state when a patch fails.
      }
      expect(lane.state).toEqual(reference);
    }
    // The same deltas with the state read only at the end (each writing into the copies of the one before).
    const unread = new Lane();
    for (const ops of steps) unread.apply(delta(...ops));
    expect(unread.state).toEqual(reference);
  });
});
