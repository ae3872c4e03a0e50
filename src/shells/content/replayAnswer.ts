/**
 * Replay to page, in the content script: keeps the rules armed for this tab, tells the page hook what to match
 * (patterns only, over the private port), and answers a matched request with the rule's steps at its pace
 * (original timing, faster, at once, or step by step as the panel says). The hook builds the Response; the
 * bytes come from here. The page can neither arm nor read a rule: it never sees more than the bytes it asked for.
 *
 * A rule belongs to the origin of the page it was armed for, and to its top document unless the user allowed its
 * frames too: this relay takes only the rules of its own document (its origin and place, read by itself, never the
 * page's word), gives the hook only those, and checks a request's URL and method itself before it answers.
 */
import type { ContentMessage, ReplayRule } from '../../bridge/messages';
import { PageReplaySchema } from '../../bridge/messages';
import { formatOfContentType } from '../../engine/session/contentType';
import { base64ToBytes } from '../../engine/util/base64';
import { patternToRegExp, ruleAppliesTo, urlMatches } from '../../engine/pageReplay/urlMatch';

type Status = Extract<ContentMessage, { kind: 'replay-status' }>;

interface Answer {
  rid: number;
  /** The request it answers (the page's word, redacted and clipped). */
  url: string;
  method: string;
  rule: ReplayRule;
  next: number;
  timer?: ReturnType<typeof setTimeout>;
  waited: boolean;
  over: boolean;
}

const FACTOR = { original: 1, '2x': 2, '10x': 10, instant: 0, step: 0 } as const;

export class ReplayAnswers {
  private rules: ReplayRule[] = [];
  private readonly answers = new Map<number, Answer>();
  /** Step mode: how many steps each rule's answer may have sent (the panel's "Next event", "Run to event N"). */
  private readonly allowed = new Map<string, number>();
  private port: MessagePort | null = null;

  constructor(
    private readonly report: (status: Status) => void,
    private readonly maskUrl: (url: string) => string,
    /** This document: its origin (urlMatch originOf), whether it is the tab's top one, and its URL (masked). */
    private readonly document: { origin: string; top: boolean; url: () => string },
    /**
     * The tab's session storage marker (wire ARMED_KEY): `read` whether the previous document left it (then the hook
     * waits for `known()`), `write` it as the top document is left with something armed (`leaving`). It lives only
     * from there to the next document's hook, which takes it away before the page's first script (and says so:
     * `armed-wait`, when it ran before this relay could read it).
     */
    private readonly marker: { read(): boolean; write(on: boolean): void } = { read: () => false, write: () => undefined },
  ) {
    this.waited = marker.read();
  }

  /** The hook found the marker, so it waits for the word that what is armed is known. */
  private waited: boolean;
  private known = false;
  /** The background has answered the hello (or cannot): from here on the hook knows what is armed. */
  setKnown(): void {
    if (this.known) return;
    this.known = true;
    // The marker has done its work (the hook took it away already, unless there was none here).
    if (this.document.top && this.waited) this.marker.write(false);
    this.tellHook();
  }

  /**
   * The top document is being left (pagehide): the next one starts knowing whether something was armed, and waits
   * for the rules. `back` (pageshow from the back-forward cache): this document goes on, so the marker goes.
   */
  leaving(back = false): void {
    if (this.document.top) this.marker.write(!back && (this.rules.length > 0 || this.hold));
  }

  attach(port: MessagePort): void {
    this.port = port;
    this.tellHook();
  }

  /** The tab's rules; this document keeps those that may answer it. */
  setRules(rules: ReplayRule[]): void {
    this.rules = rules.filter((r) => ruleAppliesTo(r, this.document.origin, this.document.top));
    this.tellHook();
  }

  step(rule: string, to: number): void {
    this.allowed.set(rule, to);
    for (const a of this.answers.values()) if (a.rule.id === rule) this.pump(a);
  }

  /** A message from the hook about replay; false when it is not one. */
  onPageMessage(data: unknown): boolean {
    const kind = (data as { kind?: unknown } | null)?.kind;
    if (kind === 'armed-wait') {
      this.waited = true;
      this.tellHook();
      return true;
    }
    if (kind !== 'replay-ask' && kind !== 'replay-cancel') return false;
    const parsed = PageReplaySchema.safeParse(data);
    if (!parsed.success) return true;
    const m = parsed.data;
    if (m.kind === 'replay-cancel') {
      const a = this.answers.get(m.rid);
      if (a) this.finish(a, 'cancelled');
      return true;
    }
    if (this.answers.has(m.rid)) return true;
    const rule = this.rules.find((r) => r.id === m.rule && urlMatches(r.url, r.match, m.url) && (!r.method || r.method.toUpperCase() === m.method.toUpperCase()));
    if (!rule) {
      this.toHook({ kind: 'replay-end', rid: m.rid, error: 'AG-UI DevTools: the replay rule was disarmed' });
      return true;
    }
    if (!rule.every) {
      // Used up here at once: a second request does not get it while the background catches up.
      this.rules = this.rules.filter((r) => r !== rule);
      this.tellHook();
    }
    const a: Answer = { rid: m.rid, url: this.maskUrl(m.url).slice(0, 4096), method: m.method.slice(0, 16), rule, next: 0, waited: false, over: false };
    this.answers.set(m.rid, a);
    this.status(a, 'answering');
    this.pump(a);
    return true;
  }

  private pump(a: Answer): void {
    if (a.over || a.timer !== undefined) return;
    const { steps, pace } = a.rule;
    while (a.next < steps.length) {
      if (pace === 'step' && a.next >= (this.allowed.get(a.rule.id) ?? 0)) {
        this.status(a, 'waiting');
        return;
      }
      const step = steps[a.next]!;
      const wait = pace === 'step' ? 0 : step.delay / (FACTOR[pace] || Number.POSITIVE_INFINITY);
      if (wait >= 1 && !a.waited) {
        a.waited = true;
        a.timer = setTimeout(() => {
          a.timer = undefined;
          this.pump(a);
        }, wait);
        return;
      }
      a.waited = false;
      const bytes = base64ToBytes(step.base64);
      this.toHook({ kind: 'replay-data', rid: a.rid, bytes }, [bytes.buffer as ArrayBuffer]);
      a.next++;
    }
    this.toHook({ kind: 'replay-end', rid: a.rid });
    this.finish(a, 'done');
  }

  private finish(a: Answer, state: 'done' | 'cancelled'): void {
    if (a.over) return;
    a.over = true;
    if (a.timer !== undefined) clearTimeout(a.timer);
    this.answers.delete(a.rid);
    if (a.rule.pace === 'step') this.allowed.delete(a.rule.id);
    this.status(a, state);
  }

  private status(a: Answer, state: Status['state']): void {
    this.report({
      kind: 'replay-status',
      rule: a.rule.id,
      rid: a.rid,
      state,
      sent: a.next,
      total: a.rule.steps.length,
      url: a.url,
      method: a.method,
      frameUrl: this.maskUrl(this.document.url()).slice(0, 4096),
      top: this.document.top,
    });
  }

  /** Pause on an event: whether the hook holds AG-UI fetch streams (it learns it with the rules). */
  setHold(on: boolean): void {
    if (this.hold === on) return;
    this.hold = on;
    this.tellHook();
  }

  private hold = false;
  private told = false;
  private tellHook(): void {
    const armed = this.rules.length > 0 || this.hold;
    // Nothing armed ever and no hook waiting: the hook is told nothing (and matches nothing).
    if (!armed && !this.told && !(this.waited && this.known)) return;
    this.told = true;
    this.toHook({
      kind: 'rules',
      known: this.known,
      hold: this.hold,
      rules: this.rules.map((r) => ({
        id: r.id,
        re: patternToRegExp(r.url, r.match),
        method: r.method.toUpperCase(),
        once: !r.every,
        init: { status: r.status, statusText: r.statusText, headers: { 'content-type': r.contentType } },
        format: formatOfContentType(r.contentType) ?? 'sse',
      })),
    });
  }

  private toHook(message: object, transfer: Transferable[] = []): void {
    try {
      this.port?.postMessage(message, transfer);
    } catch {
      // The page's document is going away.
    }
  }
}
