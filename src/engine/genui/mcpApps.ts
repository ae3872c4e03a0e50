/**
 * MCP apps as the `mcp-apps` activity messages carry them (what the AG-UI MCP Apps middleware streams): the UI
 * resource to fetch from the MCP server (`resourceUri`), the tool's input and the tool's result. The resource's HTML
 * lives on the MCP server, so nothing here draws it; the checks are on the snapshot itself.
 */
import { type ActivityLike, type GenUiFinding, isObj } from './a2ui';

export const MCP_APPS_ACTIVITY = 'mcp-apps';

export interface McpApp {
  messageId: string;
  resourceUri?: string;
  serverId?: string;
  serverHash?: string;
  toolInput?: unknown;
  result?: unknown;
  /** The result's text content, joined; its structured content. */
  text?: string;
  structuredContent?: unknown;
}

/** Why a value is not an MCP tool result (`CallToolResult`: a `content` array of typed items), or undefined. */
export function notToolResult(v: unknown): string | undefined {
  if (!isObj(v)) return v === undefined ? 'there is none' : `it is ${Array.isArray(v) ? 'an array' : v === null ? 'null' : `a ${typeof v}`}`;
  if (!Array.isArray(v.content)) return "it has no 'content' array";
  const bad = v.content.findIndex((item: unknown) => !isObj(item) || typeof item.type !== 'string');
  if (bad !== -1) return `content[${bad}] has no string 'type'`;
  if ('isError' in v && typeof v.isError !== 'boolean') return "its 'isError' is not a boolean";
  return undefined;
}

export function readMcpApps(messages: readonly ActivityLike[]): { apps: McpApp[]; findings: GenUiFinding[] } {
  const apps: McpApp[] = [];
  const findings: GenUiFinding[] = [];
  for (const m of messages) {
    if (m.activityType !== MCP_APPS_ACTIVITY) continue;
    const c = isObj(m.content) ? m.content : {};
    const app: McpApp = { messageId: m.id };
    if (typeof c.resourceUri === 'string' && c.resourceUri !== '') app.resourceUri = c.resourceUri;
    else findings.push({ ruleId: 'mcp-apps/no-resource-uri', message: `MCP app '${m.id}' has no resourceUri: the client cannot fetch the UI resource to draw.`, messageId: m.id, path: ['content', 'resourceUri'] });
    if (typeof c.serverId === 'string') app.serverId = c.serverId;
    if (typeof c.serverHash === 'string') app.serverHash = c.serverHash;
    if ('toolInput' in c) app.toolInput = c.toolInput;
    if ('result' in c) app.result = c.result;
    const why = notToolResult(c.result);
    if (why) findings.push({ ruleId: 'mcp-apps/bad-result', message: `MCP app '${m.id}': the result is not an MCP tool result (${why}).`, messageId: m.id, path: ['content', 'result'] });
    else {
      const r = c.result as { content: { type: string; text?: unknown }[]; structuredContent?: unknown };
      const text = r.content.filter((i) => i.type === 'text' && typeof i.text === 'string').map((i) => i.text as string);
      if (text.length) app.text = text.join('\n');
      if ('structuredContent' in r) app.structuredContent = r.structuredContent;
    }
    apps.push(app);
  }
  return { apps, findings };
}
