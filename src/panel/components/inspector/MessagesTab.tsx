import { parseToolArgs } from '../../../engine/events/args';
import type { Msg, ToolCallEntry } from '../../../engine/reduce/messages';
import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { UnknownNote } from './UnknownNote';

function ToolCall({ call, result }: { call: ToolCallEntry; result?: Msg | undefined }) {
  const args = parseToolArgs(call.function.arguments);
  return (
    <div class="tool-call" data-tool-call-id={call.id}>
      <div class="tool-head">
        <span class="tool-name">{call.function.name}</span> <code class="muted">{call.id}</code>
        {args.state === 'partial' && <span class="badge badge-info">streaming</span>}
        {args.state === 'invalid' && <span class="badge badge-error" title={args.error}>arguments are not JSON</span>}
        {call.encryptedValue !== undefined && <span class="badge badge-info">encrypted reasoning</span>}
      </div>
      {args.state === 'complete' || args.state === 'partial' ? <JsonTree value={args.value} open={2} /> : <pre class="raw">{call.function.arguments}</pre>}
      {call.metadata && <Meta value={call.metadata} />}
      {result ? (
        <div class="tool-result">
          <span class="muted">result</span> <pre class="raw">{typeof result.content === 'string' ? result.content : JSON.stringify(result.content, null, 2)}</pre>
        </div>
      ) : (
        <div class="muted">no result yet</div>
      )}
    </div>
  );
}

function Meta({ value }: { value: unknown }) {
  return (
    <details class="meta">
      <summary>metadata</summary>
      <JsonTree value={value} open={1} />
    </details>
  );
}

export function MessagesTab({ store, index }: { store: SessionStore; index: number }) {
  void store.version.value;
  const view = store.replay.value.at(index);
  const results = new Map<string, Msg>();
  for (const m of view.messages) if (m.role === 'tool') results.set((m as { toolCallId: string }).toolCallId, m);
  return (
    <div class="tab-body" data-testid="messages-tab">
      <h3>
        Conversation after event #{index} <span class="muted">({view.messages.length} messages)</span>
      </h3>
      <p class="muted">Conversation {view.lane}: what the page's agent holds at this point, as @ag-ui/client reduces it.</p>
      <UnknownNote store={store} view={view} what="messages" />
      {view.pendingInterrupts.length > 0 && (
        <div class="interrupt-box" data-testid="pending-interrupts">
          <b>Waiting for the user:</b>
          {view.pendingInterrupts.map((i) => (
            <div key={i.id}>
              <code>{i.id}</code> ({i.reason}){i.message ? `: ${i.message}` : ''}
            </div>
          ))}
        </div>
      )}
      <div class="conversation">
        {view.messages.map((m, k) => {
          const calls = (m as { toolCalls?: ToolCallEntry[] }).toolCalls;
          const content = (m as { content?: unknown }).content;
          return (
            <div key={`${m.id}-${k}`} class={`bubble role-${m.role}`} data-message-id={m.id}>
              <div class="bubble-head">
                <span class="role">{m.role}</span>
                {(m as { name?: string }).name && <span class="muted"> {(m as { name?: string }).name}</span>}
                <code class="muted"> {m.id}</code>
                {(m as { subagentRunId?: string }).subagentRunId && <span class="badge badge-info">subagent {(m as { subagentRunId?: string }).subagentRunId}</span>}
                {(m as { encryptedValue?: string }).encryptedValue !== undefined && <span class="badge badge-info">encrypted reasoning</span>}
                {m.role === 'activity' && <span class="badge badge-info">{(m as { activityType?: string }).activityType}</span>}
              </div>
              {typeof content === 'string' ? (
                content && <div class="bubble-text">{content}</div>
              ) : content !== undefined ? (
                <JsonTree value={content} open={2} />
              ) : null}
              {calls?.map((c) => <ToolCall key={c.id} call={c} result={results.get(c.id)} />)}
              {(m as { metadata?: unknown }).metadata !== undefined && <Meta value={(m as { metadata?: unknown }).metadata} />}
            </div>
          );
        })}
        {view.messages.length === 0 && <p class="muted">No messages yet.</p>}
      </div>
    </div>
  );
}
