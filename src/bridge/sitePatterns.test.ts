import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_SITES, covers, isLocal, LOCAL_PATTERNS, sitePattern } from './sitePatterns';

describe('where capture runs', () => {
  it('the manifest injects on exactly the local patterns, relay before hook, and asks for nothing else up front', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../manifest.json', import.meta.url), 'utf8')) as {
      content_scripts: { matches: string[]; js: string[]; world?: string }[];
      host_permissions?: string[];
      optional_host_permissions?: string[];
      web_accessible_resources?: unknown;
    };
    expect(manifest.content_scripts.map((c) => c.matches)).toEqual([LOCAL_PATTERNS, LOCAL_PATTERNS]);
    expect(manifest.content_scripts.map((c) => c.world ?? 'ISOLATED')).toEqual(['ISOLATED', 'MAIN']);
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.optional_host_permissions).toEqual([ALL_SITES]);
    expect(manifest.web_accessible_resources).toBeUndefined();
  });

  it('local development pages are captured without asking; other sites are not', () => {
    for (const url of ['http://localhost:3000/', 'https://app.localhost/x', 'http://127.0.0.1:8787/', 'http://[::1]:5173/', 'file:///tmp/x.html']) expect(isLocal(url), url).toBe(true);
    for (const url of ['http://agent.test:8080/', 'http://192.168.1.5/', 'https://example.com/', 'http://localhost.evil.com/']) expect(isLocal(url), url).toBe(false);
  });

  it('a site is its scheme and host (ports aside), and a pattern covers its pages only', () => {
    expect(sitePattern('http://agent.test:8080/chat?x=1')).toBe('http://agent.test/*');
    expect(sitePattern('about:blank')).toBeNull();
    expect(covers('http://agent.test/*', 'http://agent.test:9/a')).toBe(true);
    expect(covers('http://agent.test/*', 'https://agent.test/a')).toBe(false);
    expect(covers('http://agent.test/*', 'http://sub.agent.test/a')).toBe(false);
    expect(covers(ALL_SITES, 'https://example.com/')).toBe(true);
  });
});
