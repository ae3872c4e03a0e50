import type { SessionStore } from '../../store/sessionStore';
import { JsonTree } from '../JsonTree';
import { LongText } from '../LongText';
import { Visible } from '../Visible';
import { counted, num } from '../../format';
import { EncryptedBadge, ReasoningBlock } from './ReasoningBlock';
import { GenUiLink, isGenUi } from './GenUiLink';
import { UnknownNote } from './UnknownNote';
import { StopNote } from './StopNote';
import { tr } from '../../../i18n/i18n';
import { type Msg, parseToolArgs, type ToolCallEntry } from '../../../engine/query';

/** Arguments as an export left them when it redacted them (engine/io/redact.ts). */
const REDACTED = /^«redacted: (\d+) chars»$/;

/**
 * A tool call and its result. `ended`: its TOOL_CALL_END had come by the event shown; arguments still a prefix of
 * JSON then are cut off, not streaming.
 */
function ToolCall({ call, result, ended }: { call: ToolCallEntry; result?: Msg | undefined; ended: boolean }) {
  const text = call.function.arguments;
  const args = parseToolArgs(text);
  const redacted = REDACTED.exec(text);
  const cut = args.state === 'partial' && ended;
  const tree = args.state === 'complete' || (args.state === 'partial' && !ended);
  return (
    <div class="tool-call" data-tool-call-id={call.id}>
      <div class="tool-head">
        <span class="tool-name" translate={false}>
          <Visible text={call.function.name} />
        </span>{' '}
        <code class="muted id-code" title={call.id}>
          <Visible text={call.id} />
        </code>
        {args.state === 'partial' && !ended && <span class="badge badge-info">{tr('messagesTab.streaming')}</span>}
        {redacted ? (
          <span class="badge badge-info" data-testid="args-redacted" title={tr('messagesTab.leftOutOfTheExport')}>{tr('messagesTab.argumentsRedactedCharacters', { value: num(Number(redacted[1])) })}</span>
        ) : (
          (args.state === 'invalid' || cut) && (
            <span class="badge badge-error" data-testid="args-invalid" title={cut ? tr('messagesTab.toolCallEndCameBefore') : args.state === 'invalid' ? args.error : ''}>
              {tr('messagesTab.argumentsAreNotValidJson')}{cut ? tr('messagesTab.cutOffWhenTheCall') : ''}
            </span>
          )
        )}
        {call.encryptedValue !== undefined && <EncryptedBadge value={call.encryptedValue} subtype="tool-call" />}
      </div>
      {tree ? <JsonTree value={(args as { value: unknown }).value} open={2} tools={false} /> : <LongText className="raw" text={text} />}
      {call.metadata && <Meta value={call.metadata} />}
      {result ? (
        <div class="tool-result">
          <span class="muted">
            {tr('common.result')} <code title={result.id}>{result.id}</code>
          </span>{' '}
          <LongText className="raw" text={typeof result.content === 'string' ? result.content : JSON.stringify(result.content, null, 2)} />
        </div>
      ) : (
        <div class="muted">{tr('messagesTab.noResultYet')}</div>
      )}
    </div>
  );
}

function Meta({ value }: { value: unknown }) {
  return (
    <details class="meta">
      <summary>{tr('common.metadata')}</summary>
      <JsonTree value={value} open={1} />
    </details>
  );
}

export function MessagesTab({ store, index }: { store: SessionStore; index: number }) {
  const at = store.query.value.asOf(index);
  // What the page's client holds; after it stopped a run, as the events say when the user asks.
  const stop = at.clientStop();
  const view = stop && store.asEventsSay.value ? store.query.value.eventsSay(index) : at.conversation();
  const results = new Map<string, Msg>();
  for (const m of view.messages) if (m.role === 'tool') results.set((m as { toolCallId: string }).toolCallId, m);
  // A tool result is shown once: inside its call when the call is in the conversation, on its own otherwise.
  const called = new Set<string>();
  for (const m of view.messages) for (const c of (m as { toolCalls?: ToolCallEntry[] }).toolCalls ?? []) called.add(c.id);
  const shown = view.messages.filter((m) => m.role !== 'tool' || !called.has((m as { toolCallId: string }).toolCallId));
  /** Whether a call's TOOL_CALL_END had come by this event (a call the timeline does not know came whole, in a snapshot). */
  const ended = (id: string) => at.toolCallEnded(id);
  return (
    <div class="tab-body" data-testid="messages-tab">
      <h3>{tr('messagesTab.conversationAfterEvent', { index })} <span class="muted">({counted(view.messages.length, 'message')})</span>
      </h3>
      <p class="muted">{tr('messagesTab.conversationWhatThePageS', { lane: view.lane })}</p>
      <UnknownNote store={store} view={view} what="messages" />
      {stop && <StopNote store={store} stop={stop} />}
      {view.pendingInterrupts.length > 0 && (
        <div class="interrupt-box" data-testid="pending-interrupts">
          <b>{tr('messagesTab.waitingForTheUser')}</b>
          {view.pendingInterrupts.map((i) => {
            const asked = at.interrupt(i.id);
            const answered = asked?.resolved === true;
            return (
              <div key={i.id}>
                <code>{i.id}</code> ({i.reason}){i.message ? `: ${i.message}` : ''}
                {answered && (
                  <span class="muted">
                    {' '}{tr('messagesTab.alreadyByTheResumeAt', { status: asked!.resolution!.status, resolvedAt: asked!.resolvedAt })}</span>
                )}
              </div>
            );
          })}
        </div>
      )}
      <div class="conversation">
        {shown.map((m, k) => {
          if (m.role === 'reasoning') return <ReasoningBlock key={`${m.id}-${k}`} store={store} message={m} index={index} following={shown.slice(k + 1).find((n) => n.role !== 'reasoning')} />;
          const calls = (m as { toolCalls?: ToolCallEntry[] }).toolCalls;
          const content = (m as { content?: unknown }).content;
          return (
            <div key={`${m.id}-${k}`} class={`bubble role-${m.role}`} data-message-id={m.id}>
              <div class="bubble-head">
                <span class="role" translate={false}>
                  {m.role}
                </span>
                {(m as { name?: string }).name && (
                  <span class="muted" translate={false}>
                    {' '}
                    <Visible text={(m as { name?: string }).name!} />
                  </span>
                )}
                <code class="muted id-code" title={m.id}>
                  {' '}
                  <Visible text={m.id} />
                </code>
                {m.role === 'tool' && (
                  <span class="badge badge-warning" title={tr('messagesTab.noToolCallWithThis')}>{tr('messagesTab.resultOf', { toolCallId: (m as { toolCallId?: string }).toolCallId })}
                  </span>
                )}
                {(m as { subagentRunId?: string }).subagentRunId && <span class="badge badge-info">{tr('common.subagent', { subagentRunId: (m as { subagentRunId?: string }).subagentRunId })}</span>}
                {(m as { encryptedValue?: string }).encryptedValue !== undefined && <EncryptedBadge value={(m as { encryptedValue: string }).encryptedValue} subtype="message" />}
                {m.role === 'activity' && (
                  <span class="badge badge-info" translate={false}>
                    {(m as { activityType?: string }).activityType}
                  </span>
                )}
              </div>
              {m.role === 'activity' && isGenUi((m as { activityType?: string }).activityType) && (
                <GenUiLink store={store} messageId={m.id} activityType={(m as { activityType: string }).activityType} content={content} index={index} />
              )}
              {typeof content === 'string' ? (
                content && <LongText className="bubble-text" text={content} />
              ) : content !== undefined ? (
                <JsonTree value={content} open={2} />
              ) : null}
              {calls?.map((c) => <ToolCall key={c.id} call={c} result={results.get(c.id)} ended={ended(c.id)} />)}
              {(m as { metadata?: unknown }).metadata !== undefined && <Meta value={(m as { metadata?: unknown }).metadata} />}
            </div>
          );
        })}
        {view.messages.length === 0 && <p class="muted">{tr('messagesTab.noMessagesYet')}</p>}
      </div>
    </div>
  );
}
