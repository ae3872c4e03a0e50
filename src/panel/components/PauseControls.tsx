import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { PauseCondition, PauseSettings } from '../../bridge/messages';
import type { PauseControl } from '../debugger/pauseControl';
import type { SessionStore } from '../store/sessionStore';
import { filterErrorText, num } from '../format';
import { Modal } from './Modal';
import { tr, trn } from '../../i18n/i18n';
import { parseQuery } from '../../engine/query';
import { TextInput } from './TextInput';

const TRANSPORT: Record<string, string> = { eventsource: 'EventSource', websocket: 'WebSocket', xhr: 'XMLHttpRequest', fetch: 'fetch' };

/** How many conditions are armed (on, and saying something). */
export const armedCount = (s: PauseSettings): number => s.conditions.filter((c) => c.on && c.query.trim() !== '').length + (s.onError ? 1 : 0);

/**
 * "Pause on…": the tab's conditions in the filter language, each switched on and off or removed, and "on the first
 * protocol error". Every change is armed at once (the background keeps them for the tab and tells its pages).
 */
export function PauseDialog({ control, onClose }: { control: PauseControl; onClose(): void }) {
  const draft = useSignal('');
  const settings = control.settings.value;
  const parsed = parseQuery(draft.value);
  const set = (conditions: PauseCondition[], onError = settings.onError) => control.set({ conditions, onError });
  const add = () => {
    const query = draft.value.trim();
    if (!query || parsed.error || parsed.terms.length === 0) return;
    set([...settings.conditions, { id: `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, query, on: true }]);
    draft.value = '';
  };
  return (
    <Modal title={tr('pauseControls.pauseOnAnEvent')} testId="pause-dialog" onClose={onClose}>
      <p class="muted">
        {tr('pauseControls.aLive')} <code>fetch</code> {tr('pauseControls.streamOfThisTabSse')}
      </p>
      <form
        class="pause-add"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <TextInput bound={draft} label={tr('pauseControls.pauseCondition')} placeholder={tr('pauseControls.typeToolCallStartTool')} testId="pause-condition-input" />
        <button type="submit" class="button" disabled={!draft.value.trim() || parsed.error !== undefined} data-testid="pause-condition-add">
          {tr('pauseControls.add')}
        </button>
      </form>
      {parsed.error && <p class="error-text">{filterErrorText(parsed.error)}</p>}
      <ul class="pause-conditions" data-testid="pause-conditions">
        {settings.conditions.map((c) => (
          <li key={c.id} data-condition={c.query}>
            <label class="check">
              <input type="checkbox" checked={c.on} onChange={() => set(settings.conditions.map((x) => (x.id === c.id ? { ...x, on: !x.on } : x)))} />
              <code>{c.query}</code>
            </label>
            <button type="button" class="icon-button" aria-label={tr('pauseControls.removeCondition', { query: c.query })} title={tr('common.remove')} onClick={() => set(settings.conditions.filter((x) => x.id !== c.id))}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      <label class="check">
        <input type="checkbox" checked={settings.onError} onChange={() => set(settings.conditions, !settings.onError)} data-testid="pause-on-error" /> {tr('pauseControls.onTheFirstProtocolError')}
      </label>
      <p class="muted">
        {tr('pauseControls.forThisTabOnlyFrom')}
      </p>
    </Modal>
  );
}

/**
 * What a pause says at the top of the panel: "Paused before #N TYPE (detail)", what matched, and Step, Resume and
 * Resume to the end of the run (F10 and F8, as in the Sources panel). Conditions that matched a stream that cannot be
 * held are said once each.
 */
export function PauseBar({ store, control, live }: { store: SessionStore; control: PauseControl; live: boolean }) {
  const paused = control.paused.value;
  const unheld = control.unheld.value;
  const first = paused[0];
  useEffect(() => {
    if (!first) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') control.resume(first.streamId);
      else if (e.key === 'F10') control.step(first.streamId);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [first?.streamId, first?.index]);
  // What a local tool (the MCP server) armed, said as long as it is armed: the user sees who set it, and may take it back.
  const byTool = control.armed.value.conditions.filter((c) => c.by === 'local-tool' && c.on);
  if (!first && unheld.length === 0 && byTool.length === 0) return null;
  return (
    <div class="banners">
      {byTool.length > 0 && (
        <div class="banner banner-info" role="status" data-testid="pause-armed-by-tool">
          <span class="banner-text">
            {tr('pauseControls.armedByLocalTool')} <code translate={false}>{byTool.map((c) => c.query).join(' | ')}</code>
          </span>
          <button
            type="button"
            class="button"
            onClick={() => control.set({ conditions: control.settings.value.conditions.filter((c) => c.by !== 'local-tool'), onError: control.settings.value.onError })}
          >
            {tr('pauseControls.disarmLocal')}
          </button>
        </div>
      )}
      {first && (
        <div class="banner banner-pause" role="status" data-testid="pause-bar">
          <span class="banner-text">
            <span class="pause-icon" aria-hidden="true" />
            <strong>{tr('pauseControls.pausedBefore')} </strong>
            <button type="button" class="link" disabled={!live} onClick={() => store.select(first.index)} data-testid="pause-next" title={tr('pauseControls.showTheEventThePage')}>
              #{num(first.index)} {first.type}
              {first.detail !== undefined && ` (${first.detail})`}
            </button>
            <span class="muted">
              {' · '}
              {first.reason === 'step' ? tr('pauseControls.afterAStep') : first.reason === 'a protocol error' ? tr('pauseControls.itsProtocolError') : <>{tr('pauseControls.matched')} <code>{first.reason}</code></>}
              {paused.length > 1 && ` · ${trn('pauseControls.morePaused', paused.length - 1)}`}
            </span>
          </span>
          <button type="button" class="button" onClick={() => control.step(first.streamId)} title={tr('pauseControls.giveThePageThisOne')} data-testid="pause-step">
            {tr('pauseControls.step')}
          </button>
          <button type="button" class="button" onClick={() => control.resume(first.streamId)} title={tr('pauseControls.giveThePageTheRest')} data-testid="pause-resume">
            {tr('pauseControls.resume')}
          </button>
          <button type="button" class="button" onClick={() => control.resumeToEndOfRun(first.streamId)} title={tr('pauseControls.giveThePageEverythingUp')} data-testid="pause-resume-run">
            {tr('pauseControls.resumeToTheEndOf')}
          </button>
        </div>
      )}
      {unheld.map((u) => (
        <div class="banner banner-warning" role="status" key={u.streamId} data-testid="pause-unheld">
          <span class="banner-text">
            <code>{u.reason}</code>{' '}{tr('pauseControls.matchedOf', { index: num(u.index) })}{' '}{u.transport === 'fetch' ? tr('pauseControls.aFetchStreamOpenedBefore') : tr('pauseControls.aStream', { transport: TRANSPORT[u.transport] ?? u.transport })}{tr('pauseControls.whichIsNotPaused')}
            {u.transport === 'fetch' ? tr('pauseControls.reloadThePageOrSend') : tr('pauseControls.onlyFetchStreamsSseProtobuf')}.
          </span>
        </div>
      ))}
    </div>
  );
}
