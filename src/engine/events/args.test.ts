import { describe, expect, it } from 'vitest';
import { parseToolArgs } from './args';

describe('parseToolArgs', () => {
  it('reads complete JSON', () => expect(parseToolArgs('{"city":"Lisbon"}')).toEqual({ state: 'complete', value: { city: 'Lisbon' } }));
  it('shows a streaming prefix as the value it is becoming', () => {
    expect(parseToolArgs('{"city":"Lis')).toEqual({ state: 'partial', value: { city: 'Lis' } });
    expect(parseToolArgs('{"a":[1,2')).toEqual({ state: 'partial', value: { a: [1, 2] } });
    expect(parseToolArgs('{"a":1,"b"')).toEqual({ state: 'partial', value: { a: 1 } });
    expect(parseToolArgs('{"a":')).toEqual({ state: 'partial', value: { a: null } });
  });
  it('says where arguments that can never be JSON broke', () => {
    const parsed = parseToolArgs('{"a":1}}');
    expect(parsed.state).toBe('invalid');
  });
  it('empty arguments are empty', () => expect(parseToolArgs('')).toEqual({ state: 'empty' }));
});
