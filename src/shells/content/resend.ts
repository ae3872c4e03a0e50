/**
 * Resend, in the content script: a run's request sent again from the document that made it, with a body the user
 * edited in the panel. The request goes to the recorded URL with the recorded method and the headers the page sent
 * (kept here, unmasked, for the document's last fetch streams: they never leave the page's process), with the
 * credentials mode and mode of the page's own request (so the cookies its request had, no more), and only on the
 * panel's word. Before it, the panel may ask for the plan: which cookies the page can see it would carry. The answer is captured as a stream of
 * its own, labelled "resent", and never reaches the page's code. One at a time per document; cancellable.
 * Its effects (fetch, the recorder, the status) are given: tested without a browser.
 */
import type { ResendStatus } from '../../bridge/messages';
import { formatOfContentType } from '../../engine/session/contentType';

interface Kept {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestCredentials;
  mode: RequestMode;
}

const CREDENTIALS: readonly string[] = ['omit', 'same-origin', 'include'];

export interface ResendEffects {
  /** The page's own context's fetch (Chrome: a content script's; Firefox: `content.fetch`). */
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** A page-like message for the recorder (open, chunk, close): the answer is captured as any stream. */
  record(message: Record<string, unknown>): void;
  status(status: ResendStatus): void;
  now(): number;
  /** The names of the cookies this document can see (its own origin's, HttpOnly ones aside). */
  pageCookies(): string[];
  /** This document's origin. */
  origin: string;
}

/** Requests kept for a resend: the document's last ones. */
const KEEP = 32;
/** The captured answers' stream ids, apart from the hook's (which count up from 1). */
const FIRST_ID = 2 ** 30;
/** Headers a request may not set (the browser sets them), left out rather than refused. */
const FORBIDDEN = /^(content-length|host|connection|keep-alive|transfer-encoding|upgrade|cookie|cookie2|origin|referer|te|trailer|via|expect|date|dnt|accept-charset|accept-encoding|access-control-request-.*|proxy-.*|sec-.*)$/i;

export class Resends {
  private readonly kept = new Map<number, Kept>();
  private nextId = FIRST_ID;
  private current: { rid: string; abort: AbortController } | undefined;

  constructor(private readonly fx: ResendEffects) {}

  /** The hook's message opening a fetch stream: its request is kept (the page's own headers, before masking). */
  onPageMessage(data: unknown): void {
    const m = data as { kind?: unknown; id?: unknown; transport?: unknown; url?: unknown; method?: unknown; requestHeaders?: unknown; credentials?: unknown; mode?: unknown } | null;
    if (m?.kind !== 'open' || m.transport !== 'fetch' || typeof m.id !== 'number' || typeof m.url !== 'string') return;
    const headers: Record<string, string> = {};
    if (m.requestHeaders && typeof m.requestHeaders === 'object') {
      for (const [k, v] of Object.entries(m.requestHeaders as Record<string, unknown>)) if (typeof v === 'string' && !FORBIDDEN.test(k)) headers[k] = v;
    }
    // As fetch's defaults when the hook did not say (it always does): what a page's plain fetch(url) sends.
    const credentials = (typeof m.credentials === 'string' && CREDENTIALS.includes(m.credentials) ? m.credentials : 'same-origin') as RequestCredentials;
    // A no-cors answer is opaque (never an AG-UI stream the page read) and navigate is not a fetch's: cors then.
    const mode: RequestMode = m.mode === 'same-origin' ? 'same-origin' : 'cors';
    this.kept.set(m.id, { url: m.url, method: typeof m.method === 'string' ? m.method : 'GET', headers, credentials, mode });
    while (this.kept.size > KEEP) this.kept.delete(this.kept.keys().next().value!);
  }

  /**
   * What a resend of stream `id` would carry, as the page can know it: the names of the cookies of this document's
   * origin when the request is same-origin (and not `omit`), none when the browser sends none (`omit`, or cross-origin
   * without `include`), and "not known here" (no list) for a cross-origin request with `include`.
   */
  plan(id: number, rid: string): void {
    const request = this.kept.get(id);
    if (!request) return this.fx.status({ rid, state: 'failed', error: 'This page no longer knows that request (it was made before the page was reloaded, or long ago): run it again in the page first.' });
    let sameOrigin = false;
    try {
      sameOrigin = new URL(request.url).origin === this.fx.origin;
    } catch {
      // Not a URL: no cookie goes.
    }
    const cookies = request.credentials === 'omit' ? [] : sameOrigin ? this.fx.pageCookies().slice(0, 200).map((n) => n.slice(0, 256)) : request.credentials === 'include' ? undefined : [];
    this.fx.status({ rid, state: 'planned', ...(cookies && { cookies }) });
  }

  /** Sends stream `id`'s request again with `body`. */
  async send(id: number, rid: string, body: string): Promise<void> {
    const request = this.kept.get(id);
    if (!request) return this.fx.status({ rid, state: 'failed', error: 'This page no longer knows that request (it was made before the page was reloaded, or long ago): run it again in the page first.' });
    if (this.current) return this.fx.status({ rid, state: 'failed', error: 'Another resend from this page is still going: cancel it or wait for it.' });
    const abort = new AbortController();
    this.current = { rid, abort };
    this.fx.status({ rid, state: 'sending' });
    const startedAt = this.fx.now();
    let stream: number | undefined;
    try {
      const method = request.method;
      const withBody = method !== 'GET' && method !== 'HEAD';
      const response = await this.fx.fetch(request.url, { method, headers: request.headers, ...(withBody && { body }), credentials: request.credentials, mode: request.mode, signal: abort.signal, cache: 'no-store' });
      const type = response.headers.get('content-type') ?? '';
      const format = formatOfContentType(type);
      const head = { status: response.status, statusText: response.statusText };
      if (!format || !response.body) {
        const text = (await response.text().catch(() => '')).slice(0, 2000);
        return this.fx.status({ rid, state: 'failed', ...head, error: `The answer is not an AG-UI stream (${type || 'no content type'})${text ? `: ${text}` : ''}` });
      }
      stream = this.nextId++;
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((v, k) => (responseHeaders[k] = v));
      this.fx.record({ kind: 'open', id: stream, t: this.fx.now(), transport: 'fetch', format, url: request.url, method, ...head, requestHeaders: request.headers, responseHeaders, requestBody: body, startedAt, resent: rid });
      this.fx.status({ rid, state: 'receiving', ...head, stream });
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value.length > 0) this.fx.record({ kind: 'chunk', id: stream, t: this.fx.now(), bytes: value });
      }
      this.fx.record({ kind: 'close', id: stream, t: this.fx.now() });
      this.fx.status({ rid, state: 'done', ...head, stream });
    } catch (error) {
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (stream !== undefined) this.fx.record({ kind: 'close', id: stream, t: this.fx.now(), error: text });
      const cancelled = abort.signal.aborted;
      // A CORS refusal and a network failure look the same to a script (a TypeError): both are named.
      this.fx.status({ rid, state: cancelled ? 'cancelled' : 'failed', ...(stream !== undefined && { stream }), error: cancelled ? 'Cancelled.' : `${text} (a network error, or the agent's CORS headers refused this page's origin)` });
    } finally {
      if (this.current?.rid === rid) this.current = undefined;
    }
  }

  cancel(rid: string): void {
    if (this.current?.rid === rid) this.current.abort.abort();
  }
}
