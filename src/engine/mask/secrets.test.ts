import { describe, expect, it } from 'vitest';
import { maskBody as redactBody, maskHeaders as redactHeaders, maskRequest, maskText, maskUrl as redactUrl, REDACTED } from './secrets';

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

describe('masking by value, beside the names', () => {
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
  const PEM = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234567890abcdef\n-----END RSA PRIVATE KEY-----';
  it('masks what the issue found kept: accessKey, x-auth, jwt, session, refresh, authHeader, privateKeyPem, a JWT in state', () => {
    const body = {
      threadId: 't',
      forwardedProps: { accessKey: 'AK-1', 'x-auth': 'xa', jwt: 'j', session: 's', refresh: 'r', authHeader: 'Basic dXNlcjpwYXNzd29yZA==', privateKeyPem: 'pem-text', author: 'Ada', authors: ['Ada'] },
      state: { user: { idToken: JWT, profile: `token is ${JWT} ok`, key: PEM, openai: 'sk-proj-abcdefghijklmnopqrstuvwxyz012345' } },
      messages: [{ id: 'u1', role: 'user', content: 'use Bearer abcdefghijklmnop and AKIAABCDEFGHIJKLMNOP please' }],
    };
    const out = JSON.parse(redactBody(JSON.stringify(body))) as typeof body;
    expect(out.forwardedProps).toEqual({ accessKey: REDACTED, 'x-auth': REDACTED, jwt: REDACTED, session: REDACTED, refresh: REDACTED, authHeader: REDACTED, privateKeyPem: REDACTED, author: 'Ada', authors: ['Ada'] });
    expect(out.state.user).toEqual({ idToken: REDACTED, profile: `token is ${REDACTED} ok`, key: REDACTED, openai: REDACTED });
    expect(out.messages[0]!.content).toBe(`use Bearer ${REDACTED} and ${REDACTED} please`);
    expect(out.threadId).toBe('t');
    // Masking twice changes nothing more.
    expect(redactBody(JSON.stringify(out))).toBe(JSON.stringify(out));
  });

  it('masks credential-shaped values in harmless-named query values and in text that is not JSON', () => {
    expect(redactUrl(`http://a.test/x?thread=${JWT}&page=2`)).toBe(`http://a.test/x?thread=${REDACTED}&page=2`);
    expect(maskText(`a ${PEM} b`)).toBe(`a ${REDACTED} b`);
    expect(redactBody(`{"cut": "Bearer abcdefghijklmnop`)).toBe(`{"cut": "Bearer ${REDACTED}`);
    expect(maskText('nothing secret here, sk-short')).toBe('nothing secret here, sk-short');
  });

  it('maskRequest masks a stream\'s URL, frame URL, headers and body, and returns the same object when there is nothing to mask', () => {
    const info = {
      url: 'http://a.test/agent?token=t1',
      frameUrl: 'http://a.test/#access_token=t2',
      requestHeaders: [['Authorization', 'Bearer abc'], ['content-type', 'application/json']] as [string, string][],
      responseHeaders: [['set-cookie', 'sid=1']] as [string, string][],
      requestBody: JSON.stringify({ forwardedProps: { apiKey: 'k' } }),
    };
    const masked = maskRequest(info);
    expect(masked).toEqual({
      url: `http://a.test/agent?token=${REDACTED}`,
      frameUrl: `http://a.test/#access_token=${REDACTED}`,
      requestHeaders: [['Authorization', REDACTED], ['content-type', 'application/json']],
      responseHeaders: [['set-cookie', REDACTED]],
      requestBody: JSON.stringify({ forwardedProps: { apiKey: REDACTED } }),
    });
    expect(maskRequest(masked)).toBe(masked);
  });
});
