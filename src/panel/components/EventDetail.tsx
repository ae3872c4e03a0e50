import { formatPath } from '../../engine/diagnostics';
import { typeLabel } from '../../engine/events/summary';
import type { SessionStore } from '../store/sessionStore';

export function EventDetail({ store }: { store: SessionStore }) {
  const index = store.selected.value;
  const frame = index === null ? undefined : store.frames.value.all[index];
  if (!frame) return <aside class="detail empty">Select an event to see its fields, raw frame and problems.</aside>;
  const stream = store.session.value.streams.get(frame.streamId)?.info;
  return (
    <aside class="detail" aria-label="Event detail">
      <h3>
        #{index} {typeLabel(frame.event)}
      </h3>
      {frame.diagnostics.length > 0 && (
        <ul class="diagnostics">
          {frame.diagnostics.map((d, i) => (
            <li key={i} class={`diag diag-${d.severity}`}>
              <span class="diag-code">{d.code}</span> {d.path ? <code>{formatPath(d.path)}</code> : null} {d.message}
              {d.offset !== undefined ? <span class="muted"> (byte {d.offset})</span> : null}
            </li>
          ))}
        </ul>
      )}
      {frame.event !== undefined && (
        <section>
          <h4>Event</h4>
          <pre class="json">{JSON.stringify(frame.event, null, 2)}</pre>
        </section>
      )}
      <section>
        <h4>Raw {frame.format === 'proto' ? 'bytes' : 'frame'}</h4>
        <pre class="raw">{frame.raw}</pre>
      </section>
      {stream && (
        <section>
          <h4>Stream</h4>
          <dl class="kv">
            <dt>Request</dt>
            <dd>
              {stream.method} {stream.url}
            </dd>
            <dt>Status</dt>
            <dd>
              {stream.status} {stream.statusText}
            </dd>
            <dt>Format</dt>
            <dd>{stream.format}</dd>
            <dt>Frame</dt>
            <dd>{stream.frameUrl}</dd>
          </dl>
        </section>
      )}
    </aside>
  );
}
