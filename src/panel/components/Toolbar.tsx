import type { SessionStore } from '../store/sessionStore';

export function Toolbar({ store, onClear }: { store: SessionStore; onClear: () => void }) {
  const count = store.eventCount.value;
  const streams = store.session.value.streams.size;
  const problems = store.problemFrames.value;
  return (
    <header class="toolbar">
      <button type="button" class="icon-button" title="Clear" aria-label="Clear" onClick={onClear}>
        ⊘
      </button>
      <input
        class="filter"
        type="search"
        placeholder="Filter by type or id"
        aria-label="Filter events"
        value={store.filter.value}
        onInput={(e) => (store.filter.value = (e.currentTarget as HTMLInputElement).value)}
      />
      <span class="spacer" />
      {problems > 0 && (
        <span class="badge badge-error" title="Frames with errors">
          {problems} with errors
        </span>
      )}
      {store.dropped.value > 0 && (
        <span class="badge badge-warning" data-testid="dropped">
          {store.dropped.value} records dropped (buffer limit)
        </span>
      )}
      <span class="muted">
        {streams} stream{streams === 1 ? '' : 's'}
      </span>
      <span class="count" data-testid="event-count">
        {count} events
      </span>
    </header>
  );
}
