/**
 * One document's records (recorder.ts) with in-memory effects, as the background would receive them: in order and
 * gap-free, cut at event boundaries, bounded, masked, resent on a resync, and said exactly where they were dropped.
 */
import { expect, test } from 'vitest';
import { Reassembler } from '../../bridge/budget';
import { type ContentMessage, ContentMessageSchema, type Sequenced } from '../../bridge/messages';
import { joinBytes } from '../../engine/util/bytes';
import { DocumentRecorder } from './recorder';

type Capture = Extract<ContentMessage, { kind: 'capture' }>;

/** A recorder whose port is an array and whose idle time and timers run when the test says. */
function recorderWith(
  url = 'http://localhost:5173/chat?token=t0k',
  hidden = () => false,
  own?: (bytes: Uint8Array, lead?: readonly Uint8Array[]) => Uint8Array,
  blob?: (parts: readonly Uint8Array[]) => Blob,
) {
  const sent: ContentMessage[] = [];
  const queue: (() => void)[] = [];
  let clock = 0;
  let wanted = 0;
  const recorder = new DocumentRecorder('doc-1', {
    post: (m) => (sent.push(m), true),
    frameUrl: () => url,
    now: () => clock,
    idle: (run) => void queue.push(() => run({ didTimeout: false, timeRemaining: () => 50 })),
    timer: (run) => void queue.push(run),
    wanted: () => void wanted++,
    hidden,
    ...(own && { own }),
    ...(blob && { blob }),
  });
  /** Lets the page be idle until nothing waits (the clock moves past the quiet time each turn). */
  const settle = () => {
    for (let turns = 0; queue.length > 0 && turns < 100_000; turns++) {
      clock += 100;
      queue.shift()!();
    }
  };
  const records = () => sent.filter((m): m is Capture => m.kind === 'capture').flatMap((m) => m.items);
  return { recorder, sent, settle, records, wanted: () => wanted };
}

const enc = new TextEncoder();
const open = (id: number, extra: object = {}) => ({ kind: 'open', id, t: 1, transport: 'fetch', format: 'sse', url: `http://localhost:5173/agent?id=${id}`, ...extra });
const chunk = (id: number, text: string) => ({ kind: 'chunk', id, t: 2, bytes: enc.encode(text) });
const close = (id: number) => ({ kind: 'close', id, t: 3 });
/** Numbers in [0, 1) from a seed, the same every run. */
const lcg = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/** The page reads a stream's `bytes` in random reads (1 byte to 40 KB), each in a buffer of its own, to its end. */
function readRandomly(recorder: DocumentRecorder, bytes: Uint8Array, random: () => number): void {
  recorder.setEager(true);
  recorder.onPageMessage(open(1));
  for (let at = 0; at < bytes.length; ) {
    const to = Math.min(bytes.length, at + 1 + Math.floor(random() * (random() < 0.5 ? 64 : 40_000)));
    recorder.onPageMessage({ kind: 'chunk', id: 1, t: 2, bytes: bytes.slice(at, to) });
    at = to;
  }
  recorder.onPageMessage(close(1));
}

const frames = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `data: {"type":"CUSTOM","name":"e${from + i}","value":1}\n\n`).join('');

test('kept until someone needs them, then sent in order, gap-free, each chunk cut at its last event boundary', () => {
  const { recorder, sent, settle, records, wanted } = recorderWith();
  recorder.onPageMessage(open(1));
  recorder.onPageMessage(chunk(1, 'data: {"type":"RUN_STARTED"}\n\ndata: {"ty'));
  recorder.onPageMessage(chunk(1, 'pe":"RUN_FINISHED"}\n\n'));
  recorder.onPageMessage(close(1));
  settle();
  expect(wanted()).toBe(1);
  expect(sent).toEqual([]);
  recorder.setEager(true);
  settle();
  const items = records();
  expect(items.map((i) => i.seq)).toEqual([0, 1, 2, 3]);
  expect(items.map((i) => [i.record.kind, i.e])).toEqual([['open', 0], ['chunk', 0], ['chunk', 1], ['close', 2]]);
  const texts = items.filter((i) => i.record.kind === 'chunk').map((i) => Buffer.from((i.record as { bytes: Uint8Array }).bytes).toString());
  expect(texts).toEqual(['data: {"type":"RUN_STARTED"}\n\n', 'data: {"type":"RUN_FINISHED"}\n\n']);
});

test('what leaves is masked: the URL, the frame URL, headers and the request body; invalid page messages are dropped', () => {
  const { recorder, settle, records } = recorderWith();
  recorder.setEager(true);
  recorder.onPageMessage({ kind: 'open', id: 'not-a-number' });
  recorder.onPageMessage(open(1, { requestHeaders: { authorization: 'Bearer x', 'content-type': 'application/json' }, requestBody: '{"forwardedProps":{"apiKey":"k"}}' }));
  settle();
  const [first] = records();
  expect(first!.record).toMatchObject({
    kind: 'open',
    url: 'http://localhost:5173/agent?id=[redacted]',
    frameUrl: 'http://localhost:5173/chat?token=[redacted]',
    method: 'GET',
    status: 0,
    requestHeaders: [['authorization', '[redacted]'], ['content-type', 'application/json']],
    requestBody: '{"forwardedProps":{"apiKey":"[redacted]"}}',
  });
  expect(records()).toHaveLength(1);
});

test('beyond 100,000 events only the fewest oldest events go: the oldest chunk is cut at an event boundary, the opening pinned', () => {
  const { recorder, sent, settle, records } = recorderWith();
  recorder.onPageMessage(open(1));
  // 101 chunks of 1,000 events, then 4 more: 1,004 over the limit.
  for (let k = 0; k < 101; k++) recorder.onPageMessage(chunk(1, frames(1000, k * 1000)));
  recorder.onPageMessage(chunk(1, frames(4, 101_000)));
  settle();
  recorder.setEager(true);
  settle();
  const pinned = sent.find((m) => m.kind === 'pinned') as Extract<ContentMessage, { kind: 'pinned' }>;
  expect(pinned.items.map((i) => i.record.kind)).toEqual(['open']);
  const gap = sent.find((m) => m.kind === 'gap') as Extract<ContentMessage, { kind: 'gap' }>;
  // Record 1 (events 0-999) went whole; record 2 lost its first 4 events.
  expect(gap).toEqual({ kind: 'gap', docKey: 'doc-1', to: 2, e: 1004 });
  const chunks = records().filter((i) => i.record.kind === 'chunk');
  expect(chunks.reduce((n, i) => n + (i.record.kind === 'chunk' ? i.record.n : 0), 0)).toBe(100_000);
  const first = Buffer.from((chunks[0]!.record as { bytes: Uint8Array }).bytes).toString();
  expect(first.startsWith('data: {"type":"CUSTOM","name":"e1004",')).toBe(true);
  expect(chunks[0]).toMatchObject({ seq: 2, e: 1004 });
  expect(sent.indexOf(pinned)).toBeLessThan(sent.indexOf(gap));
});

test('the same drop however the stream was read: 100,004 events in 64 KB reads, in 1 MB reads, in one read', () => {
  const text = frames(100_004);
  for (const size of [64 * 1024, 1024 * 1024, text.length]) {
    const { recorder, sent, settle, records } = recorderWith();
    recorder.onPageMessage(open(1));
    for (let at = 0; at < text.length; at += size) recorder.onPageMessage(chunk(1, text.slice(at, at + size)));
    settle();
    recorder.setEager(true);
    settle();
    const gap = sent.find((m) => m.kind === 'gap') as Extract<ContentMessage, { kind: 'gap' }>;
    expect(gap.e).toBe(4);
    // Records bigger than a message travel in parts: joined as the background does.
    const parts = new Reassembler<Sequenced>();
    const whole = records().flatMap((i) => parts.take(String(i.seq), i) ?? []);
    const kept = whole.reduce((n, i) => n + (i.record.kind === 'chunk' ? i.record.n : 0), 0);
    expect(kept).toBe(100_000);
    const bytes = whole
      .filter((i) => i.record.kind === 'chunk')
      .map((i) => Buffer.from((i.record as { bytes: Uint8Array }).bytes).toString())
      .join('');
    expect(bytes).toBe(text.slice(frames(4).length));
  }
});

test('a resync resends everything after what the background holds', () => {
  const { recorder, sent, settle, records } = recorderWith();
  recorder.setEager(true);
  recorder.onPageMessage(open(1));
  recorder.onPageMessage(chunk(1, frames(3)));
  recorder.onPageMessage(close(1));
  settle();
  expect(records().map((i) => i.seq)).toEqual([0, 1, 2]);
  sent.length = 0;
  // The background restarted and holds record 0 only.
  recorder.resync(0);
  settle();
  expect(records().map((i) => i.seq)).toEqual([1, 2]);
});

test('an event larger than 64 MiB is dropped whole, with a notice that says how large', () => {
  const { recorder, settle, records } = recorderWith();
  recorder.setEager(true);
  recorder.onPageMessage(open(1));
  const big = new Uint8Array(65 * 1024 * 1024).fill(120);
  recorder.onPageMessage({ kind: 'chunk', id: 1, t: 2, bytes: enc.encode('data: ') });
  recorder.onPageMessage({ kind: 'chunk', id: 1, t: 2, bytes: big });
  recorder.onPageMessage(chunk(1, '\n\ndata: {"type":"RUN_FINISHED"}\n\n'));
  settle();
  const notice = records().find((i) => i.record.kind === 'notice');
  expect(notice?.record).toMatchObject({ code: 'oversize', id: 1, events: 2 });
  expect((notice?.record as { message: string }).message).toMatch(/^An event of 6815\d{4} bytes \(more than 64 MiB\) was dropped by the page's capture buffer, with 1 event\(s\) that completed in the same read\.$/);
});


test('a hidden page (its timers throttled, to once a minute after five) sends each read at once, without waiting for idle time', () => {
  let hidden = false;
  const { recorder, records } = recorderWith(undefined, () => hidden);
  recorder.setEager(true);
  hidden = true;
  recorder.onPageMessage(open(1));
  recorder.onPageMessage(chunk(1, frames(3)));
  // No idle time, no timer ran: already sent.
  expect(records().map((i) => i.record.kind)).toEqual(['open', 'chunk']);
  recorder.onPageMessage(close(1));
  expect(records().map((i) => i.record.kind)).toEqual(['open', 'chunk', 'close']);
});

test("the page's bytes are read from the recorder's own copy where the relay makes one (Firefox)", () => {
  let copies = 0;
  // The relay's copy: the held bytes (ours) in front of the page's, in one new array.
  const { recorder, settle, records } = recorderWith(undefined, undefined, (bytes, lead) => (copies++, lead ? joinBytes([...lead, bytes]) : bytes.slice()));
  recorder.onPageMessage(open(1));
  const first = chunk(1, 'data: {"type":"RUN_STARTED"}\n\ndata: {"ty');
  recorder.onPageMessage(first);
  recorder.onPageMessage(chunk(1, 'pe":"RUN_FINISHED"}\n\n'));
  settle();
  // The page's array changes afterwards: what was kept, and is sent once a panel asks, is the copy.
  first.bytes.fill(0);
  recorder.onPageMessage(close(1));
  recorder.setEager(true);
  settle();
  expect(copies).toBe(2);
  const texts = records()
    .filter((i) => i.record.kind === 'chunk')
    .map((i) => Buffer.from((i.record as { bytes: Uint8Array }).bytes).toString());
  expect(texts).toEqual(['data: {"type":"RUN_STARTED"}\n\n', 'data: {"type":"RUN_FINISHED"}\n\n']);
});

test('chunks go as bytes (both browsers\' messaging clones them), at most twice their size in their buffer, big ones in parts', () => {
  const { recorder, settle, records } = recorderWith();
  recorder.setEager(true);
  recorder.onPageMessage(open(1));
  recorder.onPageMessage(chunk(1, 'data: {"type":"RUN_STARTED"}\n\ndata: {"ty'));
  const big = frames(40_000);
  recorder.onPageMessage(chunk(1, `pe":"RUN_FINISHED"}\n\n${big}`));
  recorder.onPageMessage(close(1));
  settle();
  const chunks = records().filter((i) => i.record.kind === 'chunk');
  for (const c of chunks) {
    const r = c.record as { base64?: string; bytes?: Uint8Array };
    expect(r.base64).toBeUndefined();
    // A view that is most of its buffer goes as it is (no copy on the page's thread); a smaller one is copied out.
    expect(r.bytes!.byteLength * 2).toBeGreaterThanOrEqual(r.bytes!.buffer.byteLength);
  }
  // The second record is over a message's budget: it went in parts, which join to the bytes the page read.
  expect(chunks.filter((c) => c.part).length).toBeGreaterThan(1);
  const text = Buffer.concat(chunks.map((c) => (c.record as { bytes: Uint8Array }).bytes)).toString();
  expect(text).toBe(`data: {"type":"RUN_STARTED"}\n\ndata: {"type":"RUN_FINISHED"}\n\n${big}`);
});

test('with the relay copying each read after the bytes it held (Firefox), any split of a stream keeps every byte and event, and each record is whole events: 300 random splits', () => {
  // Events of all sizes (an event across many reads, more than the held bytes copied again, too) and CRLF streams.
  let leads = 0;
  const random = lcg(7);
  for (let trial = 0; trial < 300; trial++) {
    const crlf = trial % 5 === 4;
    const sizes = Array.from({ length: 1 + Math.floor(random() * 30) }, () => (random() < 0.1 ? 70_000 + Math.floor(random() * 60_000) : Math.floor(random() * 300)));
    const text = sizes.map((n, i) => `data: {"type":"CUSTOM","name":"e${i}","value":"${'x'.repeat(n)}"}${crlf ? '\r\n\r\n' : '\n\n'}`).join('');
    const bytes = enc.encode(text);
    const { recorder, settle, records } = recorderWith(undefined, undefined, (b, lead) => (lead ? (leads++, joinBytes([...lead, b])) : b.slice()));
    readRandomly(recorder, bytes, random);
    settle();
    const chunks = records().filter((i) => i.record.kind === 'chunk');
    const joined = Buffer.concat(
      // Parts of a big record are joined by the receiver (the background's Reassembler), in order.
      chunks.map((c) => (c.record as { bytes: Uint8Array }).bytes),
    ).toString();
    expect(joined, `trial ${trial}`).toBe(text);
    const events = chunks.filter((c) => !c.part || c.part.index === c.part.of - 1).reduce((n, c) => n + ((c.record as { n: number }).n ?? 0), 0);
    expect(events, `trial ${trial}`).toBe(sizes.length);
    // Each record (its parts joined) is whole events: it ends at an event's end and holds as many as it says.
    const end = crlf ? '\r\n\r\n' : '\n\n';
    const reassembler = new Reassembler<Sequenced>();
    for (const c of chunks) {
      const whole = reassembler.take(String(c.seq), c);
      if (!whole) continue;
      const recordText = Buffer.from((whole.record as { bytes: Uint8Array }).bytes).toString();
      expect(recordText.endsWith(end), `trial ${trial}, record ${whole.seq}`).toBe(true);
      expect(recordText.split(end).length - 1, `trial ${trial}, record ${whole.seq}`).toBe((whole.record as { n: number }).n);
    }
  }
  // The held bytes were copied in front of the next read many times (and not when they were too many).
  expect(leads).toBeGreaterThan(1000);
});

test('records as Blobs (Chrome) with where each event ends: any split keeps every byte, the ends are the events\' ends, and the page limit cuts them as bytes', async () => {
  const blob = (parts: readonly Uint8Array[]) => new Blob(parts as Uint8Array<ArrayBuffer>[]);
  const random = lcg(11);
  for (let trial = 0; trial < 60; trial++) {
    const end = trial % 3 === 2 ? '\r\n\r\n' : '\n\n';
    const sizes = Array.from({ length: 1 + Math.floor(random() * 30) }, () => Math.floor(random() * (random() < 0.1 ? 90_000 : 300)));
    const text = sizes.map((n, i) => `${i % 4 === 3 ? `: ping${end}` : ''}data: {"name":"e${i}","value":"${'x'.repeat(n)}"}${end}`).join('');
    const bytes = enc.encode(text);
    const { recorder, sent, settle, records } = recorderWith(undefined, undefined, undefined, blob);
    readRandomly(recorder, bytes, random);
    settle();
    // What the background checks: a Blob, no bytes, and n ends within it, ascending.
    for (const m of sent) expect(ContentMessageSchema.safeParse(m).success, `trial ${trial}`).toBe(true);
    const chunks = records().filter((i) => i.record.kind === 'chunk');
    // Each record its own Blob, whole (no span), never in parts.
    expect(chunks.every((c) => !c.part && c.record.kind === 'chunk' && c.record.blob && !c.record.span && !c.record.bytes)).toBe(true);
    const texts = await Promise.all(chunks.map(textOf));
    expect(texts.join(''), `trial ${trial}`).toBe(text);
    chunks.forEach((c, k) => {
      const { ends } = c.record as { ends: Uint32Array };
      // Each end is just past an event (at its CR where the read split a CRLF): as many events before it as ends.
      ends.forEach((at, i) => {
        const upTo = Buffer.from(enc.encode(texts[k]!).subarray(0, at)).toString();
        expect(upTo.endsWith(end) || upTo.endsWith('\r'), `trial ${trial}`).toBe(true);
        expect(upTo.split('data: ').length - 1, `trial ${trial}`).toBe(i + 1);
      });
    });
  }
  // The page limit: 100,004 events in 64 KB reads; the oldest record is cut, its ends moved with it.
  const all = frames(100_004);
  const { recorder, sent, settle, records } = recorderWith(undefined, undefined, undefined, blob);
  recorder.onPageMessage(open(1));
  for (let at = 0; at < all.length; at += 64 * 1024) recorder.onPageMessage(chunk(1, all.slice(at, at + 64 * 1024)));
  settle();
  recorder.setEager(true);
  settle();
  expect((sent.find((m) => m.kind === 'gap') as Extract<ContentMessage, { kind: 'gap' }>).e).toBe(4);
  for (const m of sent) expect(ContentMessageSchema.safeParse(m).success).toBe(true);
  const chunks = records().filter((i) => i.record.kind === 'chunk');
  const first = chunks[0]!.record as { ends: Uint32Array; n: number };
  expect(first.ends.length).toBe(first.n);
  expect((await textOf(chunks[0]!)).slice(0, first.ends[0]!)).toBe(frames(1, 4));
  expect((await Promise.all(chunks.map(textOf))).join('')).toBe(all.slice(frames(4).length));
});

/** A Blob record's text. */
const textOf = (item: Sequenced): Promise<string> => (item.record as { blob: Blob }).blob.text();
