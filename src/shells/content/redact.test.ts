import { describe, expect, it } from 'vitest';
import { REDACTED, redactBody, redactHeaders, redactUrl } from './redact';

describe('redaction by allow-list', () => {
  it('keeps only headers known to be harmless', () => {
    const names = ['authorization', 'x-auth', 'authentication', 'x-password', 'x-session-id', 'x-signature', 'x-credentials', 'openai-organization', 'x-access-code', 'x-bearer', 'x-upstream-auth', 'cookie', 'x-api-key'];
    for (const [name, value] of redactHeaders(names.map((n) => [n, 'secret-value']))) expect([name, value]).toEqual([name, REDACTED]);
    expect(redactHeaders([['Content-Type', 'text/event-stream'], ['cache-control', 'no-cache']])).toEqual([
      ['Content-Type', 'text/event-stream'],
      ['cache-control', 'no-cache'],
    ]);
  });

  it('masks query values unless their name is harmless, and credentials in the URL', () => {
    expect(redactUrl('https://a.test/run?api_key=sk-1&access_token=t0k&format=sse&n=5')).toBe(`https://a.test/run?api_key=${REDACTED}&access_token=${REDACTED}&format=sse&n=5`);
    expect(redactUrl('wss://user:pw@a.test/ws?token=x')).toBe(`wss://user:${REDACTED}@a.test/ws?token=${REDACTED}`);
    expect(redactUrl('http://a.test/cb#access_token=abc&state=1')).toBe(`http://a.test/cb#access_token=${REDACTED}&state=${REDACTED}`);
    expect(redactUrl('http://127.0.0.1:8787/agent')).toBe('http://127.0.0.1:8787/agent');
  });

  it('masks secret-named values in JSON bodies and leaves the rest as sent', () => {
    const body = JSON.stringify({ threadId: 't', messages: [{ role: 'user', content: 'hi' }], forwardedProps: { apiKey: 'sk-123', maxTokens: 5, nested: { password: 'p', auth_token: 'x' } } });
    const out = JSON.parse(redactBody(body)) as { forwardedProps: Record<string, unknown> };
    expect(out.forwardedProps).toEqual({ apiKey: REDACTED, maxTokens: 5, nested: { password: REDACTED, auth_token: REDACTED } });
    const clean = '{ "threadId": "t" }';
    expect(redactBody(clean)).toBe(clean);
    expect(redactBody('user=me&password=pw')).toBe(`user=me&password=${REDACTED}`);
    expect(redactBody('{"truncated": "abc')).toBe('{"truncated": "abc');
  });
});
