/**
 * Compare: run A against run B (two runs of this session, or one of a file), aligned event by event under the
 * normalization the user sees and switches, with the first divergence, next and previous difference (n, p), and
 * what differs in the conversation, the state, problems, outcome, metrics and the client's input.
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { type CompareSource, comparisonOf, defaultPair, differenceStarts, itemText, runChoices, stepDifference } from '../../derive/compareView';
import type { SessionStore } from '../../store/sessionStore';
import { num } from '../../format';
import { CompareDetail } from './CompareDetail';
import { type MessageKey, tr } from '../../../i18n/i18n';
import { type CompareOptions, type Comparison, diffText, type Item, readInput, replaySession, type Row } from '../../../engine/query';
import { TextInput } from '../TextInput';

const ROW_H = 22;
const OP_LABEL: Record<Row['op'], MessageKey> = { equal: 'compareMessage.equal', removed: 'compareDetail.onlyInA', added: 'compareDetail.onlyInB', changed: 'compareMessage.changed' };
const MARK: Record<Row['op'], string> = { equal: '', removed: '−', added: '+', changed: '~' };

export function CompareView({ store, start, onClose }: { store: SessionStore; start: { a?: number; b?: number }; onClose(): void }) {
  void store.version.value;
  const here: CompareSource = { label: store.imported.value?.name ?? tr('compareView.thisSession'), session: store.session.value, replay: store.replay.value };
  const initial = { ...defaultPair(here), ...start };
  const a = useSignal<number | null>(initial.a);
  const b = useSignal<number | null>(initial.b);
  const file = useSignal<CompareSource | null>(null);
  const fileError = useSignal('');
  const exactIds = useSignal(false);
  const deltas = useSignal(false);
  const keepSnapshots = useSignal(false);
  const ignoreText = useSignal('');
  const at = useSignal(0);
  const ignore = ignoreText.value.split(/[\s,]+/).filter((p) => p.startsWith('/') || p.startsWith('event:/'));
  const options: CompareOptions = { ids: exactIds.value ? 'exact' : 'order', text: deltas.value ? 'deltas' : 'joined', collapseSnapshots: !keepSnapshots.value, ignore };
  const bSource = file.value ?? here;
  const c = comparisonOf({ source: here, runKey: a.value }, { source: bSource, runKey: b.value }, options);
  const starts = differenceStarts(c.rows);
  const go = (row: number | undefined) => {
    if (row !== undefined) at.value = row;
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || (e.target as HTMLElement | null)?.closest('input, select, textarea')) return;
      if (e.key === 'n' || e.key === 'p') {
        go(stepDifference(starts, at.value, e.key === 'n' ? 1 : -1));
        e.preventDefault();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        at.value = Math.max(0, Math.min(c.rows.length - 1, at.value + (e.key === 'ArrowDown' ? 1 : -1)));
        e.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  const openFile = async (f: File) => {
    try {
      const { session } = readInput(new Uint8Array(await f.arrayBuffer()), f.name);
      const source = { label: f.name, session, replay: replaySession(session) };
      file.value = source;
      fileError.value = '';
      b.value = defaultPair(source).b;
    } catch (error) {
      fileError.value = `${f.name}: ${(error as Error).message}`;
    }
  };
  const first = starts[0];
  return (
    <section class="compare" aria-label={tr('compareView.compareRuns')} data-testid="compare">
      <div class="compare-bar">
        <SidePicker label={tr('common.a')} source={here} value={a.value} onChange={(v) => ((a.value = v), (at.value = 0))} />
        <SidePicker label={tr('common.b')} source={bSource} value={b.value} onChange={(v) => ((b.value = v), (at.value = 0))} />
        <label class="button" title={tr('compareView.compareRunAWithA')}>
          {file.value ? `B: ${file.value.label}` : tr('compareView.compareWithAFile')}
          <input type="file" hidden data-testid="compare-file" onChange={(e) => { const f = (e.currentTarget as HTMLInputElement).files?.[0]; if (f) void openFile(f); }} />
        </label>
        {file.value && (
          <button type="button" class="link" onClick={() => ((file.value = null), (b.value = defaultPair(here).b))}>
            {tr('compareView.bFromThisSession')}
          </button>
        )}
        <button type="button" class="icon-button compare-close" aria-label={tr('compareView.closeCompare')} title={tr('compareView.backToTheTimeline')} onClick={onClose}>
          ✕
        </button>
      </div>
      <div class="compare-bar compare-options" role="group" aria-label={tr('compareView.normalization')}>
        <label class="check" title={tr('compareView.idsMessageidToolcallidRunidThreadid')}>
          <input type="checkbox" checked={exactIds.value} onChange={() => (exactIds.value = !exactIds.value)} /> {tr('compareView.compareIdsByValue')}
        </label>
        <label class="check" title={tr('compareView.textAndToolArgumentDeltas')}>
          <input type="checkbox" checked={deltas.value} onChange={() => (deltas.value = !deltas.value)} /> {tr('compareView.deltaByDelta')}
        </label>
        <label class="check" title={tr('compareView.aStateSnapshotEqualTo')}>
          <input type="checkbox" checked={keepSnapshots.value} onChange={() => (keepSnapshots.value = !keepSnapshots.value)} /> {tr('compareView.everySnapshot')}
        </label>
        <TextInput bound={ignoreText} class="filter compare-ignore" label={tr('compareView.ignoreJsonPointers')} placeholder={tr('compareView.ignoreCartTotalEventMetadata')} commit />
        <span class="muted" title={tr('compareView.alwaysLeftOutOfThe')}>{tr('compareView.timestampsAndRaweventIgnored')}</span>
      </div>
      {fileError.value && (
        <div class="banner banner-error" role="alert">
          {fileError.value}
        </div>
      )}
      <CompareStatus c={c} starts={starts} at={at.value} go={go} first={first} />
      <div class="compare-body">
        <AlignedRows c={c} at={at.value} onSelect={(i) => (at.value = i)} />
        <CompareDetail c={c} a={here} b={bSource} row={c.rows[at.value]} />
      </div>
    </section>
  );
}

function SidePicker({ label, source, value, onChange }: { label: string; source: CompareSource; value: number | null; onChange(v: number | null): void }) {
  return (
    <label class="field">
      {label}{' '}
      <select aria-label={tr('compareView.runSide', { side: label })} data-testid={`compare-${label.toLowerCase()}`} value={value === null ? 'all' : String(value)} onChange={(e) => { const v = (e.currentTarget as HTMLSelectElement).value; onChange(v === 'all' ? null : Number(v)); }}>
        {runChoices(source).map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function CompareStatus({ c, starts, at, go, first }: { c: Comparison; starts: number[]; at: number; go(row: number | undefined): void; first: number | undefined }) {
  const e = c.events;
  const index = starts.findIndex((s) => s >= at);
  return (
    <div class="compare-status" data-testid="compare-status">
      {c.equivalent ? (
        <span class="badge badge-ok" data-testid="compare-verdict">{tr('compareView.equivalent')}</span>
      ) : c.firstDivergence ? (
        <button type="button" class="badge badge-error" data-testid="first-divergence" title={tr('compareView.goToTheFirstDivergence')} onClick={() => go(first)}>{tr('compareView.firstDivergenceAB', { a: c.firstDivergence.a, b: c.firstDivergence.b })}
        </button>
      ) : (
        <span class="badge badge-warning" data-testid="compare-verdict">{tr('compareView.sameEvents')} {c.state.length ? tr('compareView.otherFinalState') : tr('compareView.otherOutcome')}</span>
      )}
      <button type="button" class="icon-button" aria-label={tr('compareView.previousDifference')} title={tr('compareView.previousDifferenceP')} disabled={starts.length === 0} onClick={() => go(stepDifference(starts, at, -1))}>
        ▲
      </button>
      <button type="button" class="icon-button" aria-label={tr('compareView.nextDifference')} title={tr('compareView.nextDifferenceN')} disabled={starts.length === 0} onClick={() => go(stepDifference(starts, at, 1))}>
        ▼
      </button>
      <span class="muted" data-testid="compare-counts">
        {starts.length > 0 && `${tr('compareView.differenceOf', { n: index < 0 ? starts.length : index + 1, of: starts.length })} · `}
        {tr('compareView.equalChangedOnlyInA', { equal: num(e.equal), changed: num(e.changed), removed: num(e.removed), added: num(e.added) })}{c.capped && ` · ${tr('compareView.capped', { n: num(c.maxDifferences) })}`}
      </span>
    </div>
  );
}

/** The aligned rows, A on the left and B on the right, drawn only where they are in view. */
function AlignedRows({ c, at, onSelect }: { c: Comparison; at: number; onSelect(i: number): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const top = useSignal(0);
  const height = useSignal(400);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => (height.value = el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const y = at * ROW_H;
    if (y < el.scrollTop || y + ROW_H > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, y - el.clientHeight / 3);
  }, [at]);
  const first = Math.max(0, Math.floor(top.value / ROW_H) - 5);
  const last = Math.min(c.rows.length, Math.ceil((top.value + height.value) / ROW_H) + 5);
  const rows = [];
  for (let i = first; i < last; i++) {
    const r = c.rows[i]!;
    const ia = r.op === 'added' ? undefined : c.items.a[r.a];
    const ib = r.op === 'removed' ? undefined : c.items.b[r.b];
    // A changed row marks its changed words: struck on A's side, marked on B's.
    const parts = r.op === 'changed' ? diffText(itemText(ia), itemText(ib)) : undefined;
    const text = (item: Item, side: 'a' | 'b') =>
      parts ? parts.filter((p) => p.op !== (side === 'a' ? 'added' : 'removed')).map((p, k) => (p.op === 'equal' ? p.text : side === 'a' ? <del key={k}>{p.text}</del> : <ins key={k}>{p.text}</ins>)) : itemText(item);
    rows.push(
      <div
        key={i}
        role="row"
        class={`crow op-${r.op}${i === at ? ' selected' : ''}`}
        style={{ top: `${i * ROW_H}px` }}
        aria-selected={i === at}
        data-row={i}
        data-data-attrs="title"
        title={`${tr(OP_LABEL[r.op])}${r.fields?.length ? `: ${r.fields.join(', ')}` : ''}`}
        onClick={() => onSelect(i)}
      >
        <span class="cmark" aria-label={tr(OP_LABEL[r.op])}>{MARK[r.op]}</span>
        <span class="cside" data-side="a">{ia && <><span class="cidx">#{ia.indices[0]}</span> <span class="ctype" translate={false}>{ia.type}</span> <span class="ctext" translate={false}>{text(ia, 'a')}</span></>}</span>
        <span class="cside" data-side="b">{ib && <><span class="cidx">#{ib.indices[0]}</span> <span class="ctype" translate={false}>{ib.type}</span> <span class="ctext" translate={false}>{text(ib, 'b')}</span></>}</span>
      </div>,
    );
  }
  return (
    <div class="compare-rows" ref={ref} role="grid" aria-label={tr('compareView.alignedEvents')} data-testid="compare-rows" onScroll={(e) => (top.value = (e.currentTarget as HTMLDivElement).scrollTop)}>
      <div class="crow-head" role="row">
        <span class="cmark" />
        <span class="cside">{tr('common.a')}</span>
        <span class="cside">{tr('common.b')}</span>
      </div>
      <div class="crows" style={{ height: `${c.rows.length * ROW_H}px` }}>
        {rows}
      </div>
    </div>
  );
}
