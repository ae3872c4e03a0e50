import { describe, expect, it } from 'vitest';
import { EventCounter } from '../../bridge/eventCounter';
import { sseText } from './sseText';

describe('sseText', () => {
  it('writes a message event as data lines, one per line of its data', () => {
    expect(sseText('message', '', '{"type":"RUN_STARTED"}')).toBe('data: {"type":"RUN_STARTED"}\n\n');
    expect(sseText('message', '', 'a\nb')).toBe('data: a\ndata: b\n\n');
  });

  it('names another type and keeps the last event id', () => {
    expect(sseText('agui', '7', '{}')).toBe('event: agui\nid: 7\ndata: {}\n\n');
  });

  it('writes one event whatever its data holds (blank lines included)', () => {
    const counter = new EventCounter('sse');
    expect(counter.count(new TextEncoder().encode(sseText('message', '', 'a\n\nb\n')))).toBe(1);
    expect(sseText('message', '', '')).toBe('data: \n\n');
  });
});
