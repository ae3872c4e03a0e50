import { describe, expect, it } from 'vitest';
import { EventCounter } from './eventCounter';

const enc = new TextEncoder();

describe('EventCounter', () => {
  it('counts SSE frames across chunk boundaries, CRLF included, heartbeats not', () => {
    const text = ': ping\n\ndata: a\n\nevent: x\r\ndata: b\r\n\r\ndata: c\rdata: d\r\r';
    const bytes = enc.encode(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const c = new EventCounter('sse');
      expect(c.count(bytes.subarray(0, cut)) + c.count(bytes.subarray(cut))).toBe(3);
    }
  });
  it('counts protobuf frames by their lengths', () => {
    const frames = new Uint8Array([0, 0, 0, 2, 9, 9, 0, 0, 0, 1, 7]);
    for (let cut = 0; cut <= frames.length; cut++) {
      const c = new EventCounter('proto');
      expect(c.count(frames.subarray(0, cut)) + c.count(frames.subarray(cut))).toBe(2);
    }
  });
});

describe('EventCounter.boundary', () => {
  it('is just past the last blank line of an SSE chunk, CRLF included', () => {
    const c = new EventCounter('sse');
    c.count(enc.encode('data: a\n\ndata: b'));
    expect(c.boundary).toBe(9);
    c.count(enc.encode('\r\n\r\n'));
    expect(c.boundary).toBe(4);
    c.count(enc.encode('data: c'));
    expect(c.boundary).toBe(-1);
  });
});

describe('EventCounter agrees with the SSE parser', () => {
  it('on random streams cut at random places', async () => {
    const { SseParser } = await import('../engine/decode/sse');
    const { rng } = await import('../engine/testing/generator');
    const r = rng(11);
    for (let k = 0; k < 300; k++) {
      const eol = r() < 0.7 ? '\n' : r() < 0.5 ? '\r\n' : '\r';
      let text = '';
      for (let f = 0; f < 1 + Math.floor(r() * 8); f++) {
        if (r() < 0.2) text += `: ping${eol}${eol}`;
        else text += `${r() < 0.3 ? `event: x${eol}` : ''}data: {"i":${f}}${eol}${r() < 0.3 ? `data: more${eol}` : ''}${eol}`;
      }
      const bytes = enc.encode(text);
      const parser = new SseParser();
      const expected = parser.push(bytes).length;
      const counter = new EventCounter('sse');
      let n = 0;
      let at = 0;
      while (at < bytes.length) {
        const next = Math.min(bytes.length, at + 1 + Math.floor(r() * 12));
        n += counter.count(bytes.subarray(at, next));
        at = next;
      }
      expect(n, JSON.stringify(text)).toBe(expected);
    }
  });
});

describe('EventCounter.cutPoint', () => {
  it('cuts just past the k-th event: LF, CRLF (both bytes), heartbeats skipped over, protobuf by length', () => {
    const sse = enc.encode(': ping\n\ndata: a\n\nevent: x\r\ndata: b\r\n\r\ndata: c\n\n');
    expect(EventCounter.cutPoint('sse', sse, 1, 0)).toEqual({ offset: 17, events: 1 });
    expect(EventCounter.cutPoint('sse', sse, 2, 0)).toEqual({ offset: 38, events: 2 });
    // Taking all three would take the whole record.
    expect(EventCounter.cutPoint('sse', sse, 3, 0)).toBeUndefined();
    // At least 20 bytes: the second event's boundary is the first past 20.
    expect(EventCounter.cutPoint('sse', sse, 1, 20)).toEqual({ offset: 38, events: 2 });
    const proto = new Uint8Array([0, 0, 0, 2, 9, 9, 0, 0, 0, 1, 7, 0, 0, 0, 1, 8]);
    expect(EventCounter.cutPoint('proto', proto, 2, 0)).toEqual({ offset: 11, events: 2 });
    expect(EventCounter.cutPoint('json', enc.encode('{}'), 1, 0)).toBeUndefined();
  });
});

describe('EventCounter.ends', () => {
  it('notes where each event ends, the same as the cut points, however the bytes are split', () => {
    const cases: ['sse' | 'proto' | 'json', Uint8Array][] = [
      ['sse', enc.encode(': ping\n\ndata: a\n\nevent: x\r\ndata: b\r\n\r\ndata: c\n\n: ping\n\ndata: d\r\r')],
      ['proto', new Uint8Array([0, 0, 0, 2, 9, 9, 0, 0, 0, 0, 0, 0, 0, 1, 7])],
    ];
    for (const [format, bytes] of cases) {
      const expected: number[] = [];
      for (let k = 1; ; k++) {
        const at = EventCounter.cutPoint(format, bytes, k, 0);
        if (!at) break;
        expected.push(at.offset);
      }
      expected.push(bytes.length);
      for (let cut = 0; cut <= bytes.length; cut++) {
        const c = new EventCounter(format);
        c.ends = [];
        c.count(bytes.subarray(0, cut));
        const first = c.ends;
        c.ends = [];
        c.count(bytes.subarray(cut));
        // Split between a CR and its LF, the event ends at the CR (where the record ends; the LF starts the next).
        const crlf = format === 'sse' && bytes[cut - 1] === 13 && bytes[cut] === 10;
        expect([...first, ...c.ends.map((end) => cut + end)], `${format} cut at ${cut}`).toEqual(expected.map((end) => (crlf && end === cut + 1 ? cut : end)));
      }
    }
    const json = new EventCounter('json');
    json.ends = [];
    json.count(enc.encode('{"a":1}'));
    expect(json.ends).toEqual([7]);
  });
});
