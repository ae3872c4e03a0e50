/**
 * Where Messages and Runs meet the UI tab: an `a2ui-surface` or `mcp-apps` activity, the surfaces it draws, the tool
 * call that made it (the A2UI middleware names the activity `a2ui-surface-<toolCallId>`) and a way to the UI tab.
 */
import { tr } from '../../../i18n/i18n';
import type { SessionStore } from '../../store/sessionStore';
import { A2UI_ACTIVITY, isObj, MCP_APPS_ACTIVITY, surfaceIdsOf } from '../../../engine/query';

export const isGenUi = (activityType: unknown): boolean => activityType === A2UI_ACTIVITY || activityType === MCP_APPS_ACTIVITY;

export function GenUiLink({ store, messageId, activityType, content, index, at }: { store: SessionStore; messageId: string; activityType: string; content: unknown; index: number; at?: number }) {
  const made = /^a2ui-surface-(.+)$/.exec(messageId)?.[1];
  const call = made === undefined ? undefined : store.query.value.asOf(index).toolCall(made)?.entity;
  const surfaces = activityType === A2UI_ACTIVITY ? surfaceIdsOf(content) : [];
  const app = activityType === MCP_APPS_ACTIVITY && isObj(content) && typeof content.resourceUri === 'string' ? content.resourceUri : undefined;
  return (
    <span class="genui-link" data-testid="genui-link">
      {surfaces.length > 0 ? (
        <>
          {tr('genuiLink.surfaces')} <code translate={false}>{surfaces.join(', ')}</code>
        </>
      ) : app !== undefined ? (
        <>
          {tr('uiTab.mcpApp')} <code translate={false}>{app}</code>
        </>
      ) : null}
      {call && (
        <>
          {' '}
          <span class="muted">{tr('genuiLink.by')}</span>{' '}
          <button type="button" class="link" onClick={() => store.select(call.start, 'event')} translate={false}>
            {call.name}
          </button>
        </>
      )}{' '}
      <button type="button" class="link" data-testid="open-ui-tab" onClick={() => store.select(at ?? index, 'ui')}>
        {tr('genuiLink.open')}
      </button>
    </span>
  );
}
