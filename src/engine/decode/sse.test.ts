import { describe, expect, it } from 'vitest';
import { type SseFrame, SseParser } from './sse';

const enc = new TextEncoder();

/** Feeds `text` split at every given offset (in bytes) and returns the frames. */
function parse(input: string | Uint8Array, cuts: number[] = []): { frames: SseFrame[]; parser: SseParser } {
  const bytes = typeof input === 'string' ? enc.encode(input) : input;
  const parser = new SseParser();
  const frames: SseFrame[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    parser.push(bytes.subarray(at, cut), frames);
    at = cut;
  }
  parser.end(frames);
  return { frames, parser };
}

const data = (frames: SseFrame[]) => frames.map((f) => f.data);

describe('SseParser', () => {
  it('reads one frame per blank line, joining data lines with \\n', () => {
    const { frames } = parse('data: {"a":1}\n\ndata: line1\ndata: line2\n\n');
    expect(data(frames)).toEqual(['{"a":1}', 'line1\nline2']);
  });

  it('accepts LF, CR and CRLF line ends, also mixed', () => {
    expect(data(parse('data: a\r\n\r\ndata: b\r\rdata: c\n\n').frames)).toEqual(['a', 'b', 'c']);
  });

  it('gives the same frames whatever the chunk boundaries, also between CR and LF and inside a UTF-8 character', () => {
    const text = 'data: héllo 👋\r\n\r\nevent: x\r\ndata: 2\r\n\r\n';
    const whole = parse(text).frames;
    const bytes = enc.encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const split = parse(bytes, [cut]).frames;
      expect(split.map((f) => [f.data, f.event])).toEqual(whole.map((f) => [f.data, f.event]));
      expect(split.every((f) => f.diagnostics.length === 0)).toBe(true);
    }
    // Byte by byte.
    const single = parse(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)).frames;
    expect(data(single)).toEqual(['héllo 👋', '2']);
  });

  it('strips a leading BOM, also when it arrives a byte at a time, and only at the start', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode('data: x\n\n')]);
    expect(data(parse(bom).frames)).toEqual(['x']);
    expect(data(parse(bom, [1, 2]).frames)).toEqual(['x']);
    const second = parse('data: y\n\n\uFEFFdata: z\n\n').frames;
    expect(second[1]?.diagnostics[0]?.code).toBe('sse/unknown-field');
  });

  it('skips comments and counts heartbeats, reads event/id/retry fields', () => {
    const { frames, parser } = parse(': ping\n\nevent: message\nid: 7\nretry: 3000\ndata: {}\n\n: ping\n\n');
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ data: '{}', event: 'message', id: '7', retry: 3000 });
    expect(parser.heartbeats).toBe(2);
    expect(parser.lastEventId).toBe('7');
  });

  it('strips exactly one space after the colon; a line without a colon is a field with an empty value', () => {
    expect(data(parse('data:  two spaces\n\ndata:none\n\ndata\n\n').frames)).toEqual([' two spaces', 'none', '']);
  });

  it('keeps a last frame without its blank line, with a warning that EventSource would drop it', () => {
    const { frames } = parse('data: {"a":1}\n\ndata: {"b":2}');
    expect(data(frames)).toEqual(['{"a":1}', '{"b":2}']);
    expect(frames[1]?.diagnostics.map((d) => d.code)).toEqual(['sse/unterminated-frame']);
  });

  it('reports invalid UTF-8 with its byte offset and keeps the frame', () => {
    const bytes = new Uint8Array([...enc.encode('data: ok\n\ndata: '), 0xff, 0xfe, ...enc.encode('\n\n')]);
    const { frames } = parse(bytes);
    expect(frames[1]?.data).toBe('\uFFFD\uFFFD');
    expect(frames[1]?.diagnostics[0]).toMatchObject({ code: 'sse/invalid-utf8', offset: 16 });
  });

  it('reports an invalid retry and ignores an id with NUL', () => {
    const { frames } = parse('retry: soon\nid: a\u0000b\ndata: x\n\n');
    expect(frames[0]?.retry).toBeUndefined();
    expect(frames[0]?.id).toBeUndefined();
    expect(frames[0]?.diagnostics.map((d) => d.code)).toEqual(['sse/invalid-retry', 'sse/invalid-id']);
  });

  it('records byte ranges of frames', () => {
    const { frames } = parse('data: a\n\ndata: bb\n\n');
    expect(frames.map((f) => [f.start, f.end])).toEqual([
      [0, 9],
      [9, 19],
    ]);
  });
});

describe('long lines over many chunks', () => {
  it('a 2 MB event split into 1,000 chunks decodes exactly as the whole', () => {
    const text = `data: {"type":"CUSTOM","name":"big","value":"${'é'.repeat(1024 * 1024)}"}\n\n`;
    const bytes = new TextEncoder().encode(text);
    const whole = new SseParser().push(bytes);
    const parser = new SseParser();
    const pieces = [];
    const step = Math.ceil(bytes.length / 1000);
    for (let i = 0; i < bytes.length; i += step) pieces.push(...parser.push(bytes.subarray(i, i + step)));
    pieces.push(...parser.end());
    expect(pieces.map((f) => [f.data, f.start, f.end])).toEqual(whole.map((f) => [f.data, f.start, f.end]));
  });
});
