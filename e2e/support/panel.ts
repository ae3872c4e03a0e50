/** Reading the panel as a user sees it, whatever drives the browser. */

export interface PanelRow {
  index: number;
  type: string;
  ids: string;
}

/** Runs in the panel page: scrolls the virtualized list from top to bottom and collects every row once. */
export const collectRowsInPage = async (): Promise<PanelRow[]> => {
  const list = document.querySelector<HTMLElement>('.event-list');
  if (!list) return [];
  const rows = new Map<number, PanelRow>();
  const read = () => {
    for (const row of list.querySelectorAll<HTMLElement>('[role=row]')) {
      const index = Number(row.dataset.index);
      rows.set(index, {
        index,
        type: row.querySelector('.type')?.textContent ?? '',
        ids: row.querySelector('.ids')?.textContent ?? '',
      });
    }
  };
  // Scroll events come with animation frames, which a background tab may not get: dispatch one, then let it render.
  const scrollTo = async (top: number) => {
    list.scrollTop = top;
    list.dispatchEvent(new Event('scroll'));
    const first = Math.floor(list.scrollTop / 22);
    for (let i = 0; i < 50 && !list.querySelector(`[data-index="${first}"]`) && rows.size > 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 10));
  };
  await scrollTo(0);
  for (;;) {
    read();
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) break;
    await scrollTo(list.scrollTop + Math.max(50, list.clientHeight - 44));
  }
  read();
  return [...rows.values()].sort((a, b) => a.index - b.index);
};

/** "1 event", "142 events", "100,000 events" -> 1, 142, 100000 */
export const parseCount = (text: string | null | undefined): number => {
  const match = /^([\d,]+) events?$/.exec((text ?? '').trim());
  if (!match) throw new Error(`Not an event count: ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, ''));
};

/**
 * Runs in the panel page: notes the time (`Date.now()`, the machine's clock, which the inspected page shares) at which the
 * toolbar's count first reads `count` (as `eventCount` writes it), in `window.__countShownAt`. A test that polls for the
 * count learns it up to a poll's interval late; this says when the panel showed it.
 */
export const noteCountShownInPage = (count: string): void => {
  const w = window as unknown as { __countShownAt?: number };
  w.__countShownAt = 0;
  const check = () => {
    if (!w.__countShownAt && document.querySelector('[data-testid=event-count]')?.textContent?.trim() === count) {
      w.__countShownAt = Date.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  check();
};

/** An event count as the toolbar writes it: "1 event", "100,000 events". */
export const eventCount = (n: number): string => `${n.toLocaleString('en')} event${n === 1 ? '' : 's'}`;

/** The same in the Korean panel: "이벤트 100,000개". */
export const koreanEventCount = (n: number): string => `이벤트 ${n.toLocaleString('en')}개`;

/** In the demo page: how many events its runs have read (for `page.evaluate`). */
export const demoEventsInPage = (): number => window.demo.records.reduce((n, r) => n + r.events.length, 0);

/** Replaces the ids HttpAgent makes up per run, so two runs of a scenario compare equal. */
export const withoutRunIds = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value), (key, v) => (key === 'runId' || key === 'parentRunId' ? '<run>' : v)) as T;

/**
 * Runs in an extension page (a panel): arms a replay rule for a tab over the panel's own port, as the Replay dialog
 * does, and keeps that port open (the rule lasts while it is). For tests that need a rule the page never matches.
 */
export const armRuleInPage = async ({ tabId, origin, url, method = 'POST', id = 'never-matches' }: { tabId: number; origin: string; url: string; method?: string; id?: string }): Promise<void> => {
  const api = ((globalThis as { browser?: unknown }).browser ?? (globalThis as { chrome?: unknown }).chrome) as {
    runtime: { connect(o: { name: string }): { postMessage(m: unknown): void } };
  };
  const port = api.runtime.connect({ name: 'agui-panel' });
  (globalThis as { __armPort?: unknown }).__armPort = port;
  port.postMessage({ kind: 'subscribe', tabId, have: {} });
  const rule = {
    id,
    label: 'a rule no request matches',
    url,
    match: 'exact',
    method,
    every: true,
    pace: 'instant',
    status: 200,
    statusText: 'OK',
    contentType: 'text/event-stream',
    steps: [{ base64: btoa('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n'), delay: 0, type: 'RUN_STARTED' }],
    armedAt: Date.now(),
    origin,
    frames: true,
  };
  port.postMessage({ kind: 'replay-arm', tabId, rule });
};

/**
 * Runs in an extension page (a panel): arms Pause on an event for a tab with one condition, over a port of its own, as
 * the Pause dialog does (the tab's panels are told, and judge the held streams). The port stays open.
 */
export const armPauseInPage = ({ tabId, query }: { tabId: number; query: string }): void => {
  const api = ((globalThis as { browser?: unknown }).browser ?? (globalThis as { chrome?: unknown }).chrome) as {
    runtime: { connect(o: { name: string }): { postMessage(m: unknown): void } };
  };
  const port = api.runtime.connect({ name: 'agui-panel' });
  (globalThis as { __pausePort?: unknown }).__pausePort = port;
  port.postMessage({ kind: 'subscribe', tabId, have: {} });
  port.postMessage({ kind: 'pause-set', tabId, conditions: [{ id: 'test', query, on: true }], onError: false });
};

/** In the panel's page: types `query` into the filter (all of it at once). */
export const setFilterInPage = (query: string): void => {
  const input = document.querySelector<HTMLInputElement>('input.filter')!;
  input.value = query;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * In the panel's page: sets the filter and, once the panel has rendered it (a few microtasks, before any frame),
 * says whether the "N of" count is there and which rows the list has drawn. It sets the filter itself, as
 * setFilterInPage does: a page function runs alone, and a second evaluate could come after a frame.
 */
export const filterAndLookInPage = async (query: string): Promise<{ shown: boolean; rows: string[] }> => {
  const input = document.querySelector<HTMLInputElement>('input.filter')!;
  input.value = query;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return {
    shown: document.querySelector('[data-testid=shown-count]') !== null,
    rows: [...document.querySelectorAll<HTMLElement>('[data-testid=event-list] [role=row][data-index]')].map((r) => r.dataset.index!),
  };
};

/**
 * In the panel's page: watches every frame the list is drawn in (an animation frame comes right before its paint)
 * and counts the blank ones: rows drawn but none in view (a list drawn for where it is about to scroll, before it
 * scrolled), or events to show and no row drawn.
 */
export const watchBlankFramesInPage = (): void => {
  const w = window as unknown as { __frames: { drawn: number; blank: number; withRows: number } };
  w.__frames = { drawn: 0, blank: 0, withRows: 0 };
  const look = () => {
    const list = document.querySelector('[data-testid=event-list]');
    const rows = list ? [...list.querySelectorAll<HTMLElement>('[role=row]')] : [];
    w.__frames.drawn++;
    // A list with events to show but no row drawn is blank too (once, after a filter, drawn for an offset past
    // the end of the shorter list).
    if (list && rows.length === 0 && Number(list.getAttribute('aria-rowcount')) > 0) w.__frames.blank++;
    if (list && rows.length > 0) {
      w.__frames.withRows++;
      const a = list.getBoundingClientRect();
      const inView = (r: HTMLElement) => {
        const b = r.getBoundingClientRect();
        return b.bottom > a.top && b.top < a.bottom;
      };
      if (!rows.some(inView)) w.__frames.blank++;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
};

/**
 * In the panel's page: the Waterfall's run lanes by run id, each with its row key and the tool calls drawn under it
 * (until the next run or thread). Which run is lane run:0 depends on which stream reached the panel first.
 */
export const waterfallRowsInPage = (): Record<string, { row: string; tools: string[] }> => {
  const lanes: Record<string, { row: string; tools: string[] }> = {};
  let current: { row: string; tools: string[] } | undefined;
  for (const el of document.querySelectorAll<HTMLElement>('.wf-row[data-row]')) {
    const row = el.dataset.row!;
    if (row.startsWith('run:')) {
      current = { row, tools: [] };
      lanes[/run-\w+/.exec(el.querySelector('.wf-label')?.textContent ?? '')?.[0] ?? row] = current;
    } else if (row.startsWith('lane:')) current = undefined;
    else if (row.startsWith('tool:')) current?.tools.push(row.split(':')[1]!);
  }
  return lanes;
};

/** In the panel's page: whether the row of event `index` is drawn and wholly inside the list's visible box. */
export const rowInViewInPage = (index: number): boolean => {
  const list = document.querySelector('[data-testid=event-list]')!;
  const row = list.querySelector(`[data-index="${index}"]`);
  if (!row) return false;
  const a = list.getBoundingClientRect();
  const b = row.getBoundingClientRect();
  return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
};

/**
 * In the panel's page: what the browser does to a list whose size changes under it (a bar above it comes or goes
 * while the window is resized): in one task the list gets `by` px shorter and its offset moves 30 px down, short of
 * its new end. `by` 0 undoes the shrink. A list following the tail must go on following: a move down is never the
 * user's.
 */
export const shrinkAndShiftInPage = (by: number): void => {
  const list = document.querySelector<HTMLElement>('[data-testid=event-list]')!;
  const timeline = list.parentElement!;
  timeline.style.maxHeight = by ? `${timeline.clientHeight - by}px` : '';
  if (by) list.scrollTop += 30;
};

export interface StripTab {
  label: string;
  top: number;
  selected: boolean;
}

/** Runs in the panel page: the inspector's tab strip as drawn (tabs in the row, tabs behind », the status). */
export const stripInPage = (): { shown: StripTab[]; hidden: StripTab[]; height: number; right: number; status: string; statusOneLine: boolean } => {
  const nav = document.querySelector<HTMLElement>('.inspector .tabs')!;
  const tabs = [...nav.querySelectorAll<HTMLElement>('[role=tab]')].map((b) => ({
    label: b.firstChild?.textContent ?? '',
    top: Math.round(b.getBoundingClientRect().top),
    selected: b.getAttribute('aria-selected') === 'true',
    hidden: getComputedStyle(b).visibility === 'hidden',
    right: b.getBoundingClientRect().right,
  }));
  const status = nav.querySelector<HTMLElement>('.at');
  const line = status ? parseFloat(getComputedStyle(status).lineHeight) || 16 : 0;
  const strip = (t: (typeof tabs)[number]) => ({ label: t.label, top: t.top, selected: t.selected });
  return {
    shown: tabs.filter((t) => !t.hidden).map(strip),
    hidden: tabs.filter((t) => t.hidden).map(strip),
    height: nav.getBoundingClientRect().height,
    right: Math.max(...tabs.filter((t) => !t.hidden).map((t) => t.right), status?.getBoundingClientRect().right ?? 0),
    status: status?.textContent ?? '',
    statusOneLine: status ? status.getBoundingClientRect().height <= line * 1.5 : true,
  };
};

/**
 * Runs in the page: `n` runs of one thread, one request each, each with a text message and a tool call. Returns how
 * many events the page read, for a test to wait until the panel has them all before it reads what they draw.
 */
export const manyRunsInPage = async (n: number): Promise<number> => {
  let events = 0;
  for (let i = 0; i < n; i++) {
    const run = `run-${i}`;
    const steps = [
      { type: 'RUN_STARTED', threadId: 'narrow', runId: run },
      { type: 'TEXT_MESSAGE_START', messageId: `m-${i}`, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${i}`, delta: `answer ${i}` },
      { type: 'TEXT_MESSAGE_END', messageId: `m-${i}` },
      { type: 'TOOL_CALL_START', toolCallId: `tc-${i}`, toolCallName: 'search', parentMessageId: `m-${i}` },
      { type: 'TOOL_CALL_ARGS', toolCallId: `tc-${i}`, delta: '{"q":"x"}' },
      { type: 'TOOL_CALL_END', toolCallId: `tc-${i}` },
      ...(i === 0 ? [{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'never-opened', delta: 'x' }] : []),
      { type: 'RUN_FINISHED', threadId: 'narrow', runId: run },
    ].map((event, k) => ({ after: k === 0 ? 0 : 2, event }));
    await fetch(`/scripted?s=${btoa(JSON.stringify(steps))}`).then((r) => r.text());
    events += steps.length;
  }
  return events;
};

/**
 * Runs in the panel page: shows an inspector tab as a user would, with its tab in the row or, when the strip has
 * put it behind », through that menu. The strip measures itself again as the panel fills (counts and the status
 * change the tabs' widths), so a tab can move in or out of the menu between two steps: each step looks again, until
 * the tab is the selected one (10 s at most).
 */
export const showTabInPage = async (id: string): Promise<void> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const tab = document.querySelector<HTMLElement>(`[role=tab][data-tab="${id}"]`);
    if (tab?.getAttribute('aria-selected') === 'true') return;
    if (Date.now() > deadline) throw new Error(tab ? `Inspector tab ${id} could not be selected` : `No inspector tab ${id}`);
    const item = document.querySelector<HTMLElement>(`[data-tab-menu="${id}"]`);
    const more = document.querySelector<HTMLElement>('[data-testid=more-tabs]');
    if (tab && !tab.classList.contains('overflowed')) tab.click();
    else if (item) item.click();
    else if (more && more.getAttribute('aria-expanded') !== 'true') more.click();
    await new Promise((r) => setTimeout(r, 50));
  }
};
