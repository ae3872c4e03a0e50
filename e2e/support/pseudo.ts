/**
 * The pseudo-locale check (issue 24): with `?lang=qps` every catalog string is shown accented and in ⟦brackets⟧, so
 * visible text outside brackets that has letters did not come from the catalog. Data is exempt where the markup
 * says it is data: inside `translate="no"` (event types, ids, field names, what the agent and the page sent) or a
 * `code`, `pre`, `kbd` or `samp` element; an attribute named in `data-data-attrs` holds data. Runs in the page
 * (passed to `page.evaluate`).
 */
export interface Untranslated {
  text: string;
  /** Where: the nearest element with a test id, class or role, and the attribute if it is one. */
  where: string;
}

export const untranslatedInPage = (): Untranslated[] => {
  const out: Untranslated[] = [];
  const seen = new Set<string>();
  const DATA = 'code, pre, kbd, samp, script, style, textarea, input';
  // translate is inherited, and translate="yes" inside data turns it back on (a "show all" button in a long text).
  const isData = (el: Element) => el.closest(DATA) !== null || el.closest('[translate]')?.getAttribute('translate') === 'no';
  /** The text outside brackets (innermost first: a catalog string may hold another as a param). */
  const outside = (s: string) => {
    let rest = s;
    for (let prev = ''; prev !== rest; ) rest = (prev = rest).replace(/⟦[^⟦⟧]*⟧/g, '');
    return rest;
  };
  // A number with its unit symbol (78 ms, 1.2 MB, +0.5 s) is not a word to translate.
  const units = (s: string) => s.replace(/[+−-]?\d[\d.,]*\s?(?:ms|s|min|h|B|KB|MB|MiB|GB|px|%)(?![\p{L}])/gu, '');
  const bad = (s: string) => /\p{L}/u.test(units(outside(s)));
  const describe = (el: Element): string => {
    const t = el.closest('[data-testid]');
    const id = t ? `[data-testid=${t.getAttribute('data-testid')}]` : '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ').filter(Boolean).slice(0, 2).join('.')}` : '';
    return `${id} ${el.tagName.toLowerCase()}${cls}`.trim();
  };
  const shown = (el: Element) => (el as HTMLElement).checkVisibility?.({ checkOpacity: false, checkVisibilityCSS: true }) ?? true;
  const add = (text: string, where: string) => {
    const key = `${where}|${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ text: text.trim().slice(0, 120), where });
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || isData(el) || !shown(el)) continue;
    // A catalog string is rendered as one text node, so a bracket never spans two.
    const text = n.textContent ?? '';
    if (bad(text)) add(text, describe(el));
  }
  for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder], [aria-description], [aria-roledescription]')) {
    if (isData(el) || !shown(el)) continue;
    // `data-data-attrs="title"`: that attribute holds data (a spec reference, the engine's message, an id).
    const data = (el.getAttribute('data-data-attrs') ?? '').split(' ');
    for (const attr of ['title', 'aria-label', 'placeholder', 'aria-description', 'aria-roledescription']) {
      if (data.includes(attr)) continue;
      const v = el.getAttribute(attr);
      if (v && bad(v)) add(v, `${describe(el)} @${attr}`);
    }
  }
  if (bad(document.title)) add(document.title, 'document.title');
  return out;
};
