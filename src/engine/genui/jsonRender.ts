/**
 * json-render specs (Vercel's JSON UI trees: `{ root, elements: { id: { type, props, children } } }`) where an agent
 * sends them: a tool call's arguments or result, or an assistant message's JSON (whole, or in a ```json fence). The
 * components are the app's own (a React registry), so nothing here draws them: the tree is read and the ids it
 * names are checked.
 */
import { isObj } from './a2ui';

export interface JsonRenderElement {
  id: string;
  type: string;
  props: Record<string, unknown>;
  children: string[];
}

export interface JsonRenderSpec {
  /** The message that carries it, and where in it. */
  messageId: string;
  where: 'tool-args' | 'tool-result' | 'text';
  toolCallId?: string;
  root: string;
  elements: Map<string, JsonRenderElement>;
  /** Ids named (the root, a child) that no element defines. */
  missing: string[];
}

const MAX = 1024 * 1024;

function specOf(v: unknown): { root: string; elements: Record<string, unknown> } | undefined {
  if (isObj(v) && isObj(v.spec)) v = v.spec;
  return isObj(v) && typeof v.root === 'string' && isObj(v.elements) ? { root: v.root, elements: v.elements } : undefined;
}

function parse(text: string): unknown {
  if (text.length > MAX || !text.includes('"elements"')) return undefined;
  const fence = /```(?:json)?\s*\n([\s\S]*?)```/.exec(text);
  for (const candidate of fence ? [fence[1]!, text] : [text]) {
    const t = candidate.trim();
    if (!t.startsWith('{')) continue;
    try {
      return JSON.parse(t);
    } catch {
      // Not JSON (yet): streaming, or prose.
    }
  }
  return undefined;
}

function read(raw: { root: string; elements: Record<string, unknown> }, at: Omit<JsonRenderSpec, 'root' | 'elements' | 'missing'>): JsonRenderSpec {
  const elements = new Map<string, JsonRenderElement>();
  for (const [id, e] of Object.entries(raw.elements)) {
    if (!isObj(e)) continue;
    const children = Array.isArray(e.children) ? e.children.filter((c): c is string => typeof c === 'string') : [];
    elements.set(id, { id, type: typeof e.type === 'string' ? e.type : '?', props: isObj(e.props) ? e.props : {}, children });
  }
  const named = [raw.root, ...[...elements.values()].flatMap((e) => e.children)];
  return { ...at, root: raw.root, elements, missing: [...new Set(named.filter((id) => !elements.has(id)))] };
}

/** Every json-render spec the messages carry, in message order. */
export function jsonRenderSpecs(messages: readonly { id: string; role?: unknown; content?: unknown; toolCallId?: unknown; toolCalls?: unknown }[]): JsonRenderSpec[] {
  const out: JsonRenderSpec[] = [];
  for (const m of messages) {
    if (m.role === 'tool' && typeof m.content === 'string') {
      const s = specOf(parse(m.content));
      if (s) out.push(read(s, { messageId: m.id, where: 'tool-result', ...(typeof m.toolCallId === 'string' && { toolCallId: m.toolCallId }) }));
    } else if (m.role === 'assistant') {
      if (typeof m.content === 'string') {
        const s = specOf(parse(m.content));
        if (s) out.push(read(s, { messageId: m.id, where: 'text' }));
      }
      for (const c of Array.isArray(m.toolCalls) ? m.toolCalls : []) {
        const args = isObj(c) && isObj(c.function) && typeof c.function.arguments === 'string' ? c.function.arguments : undefined;
        const s = args === undefined ? undefined : specOf(parse(args));
        if (s) out.push(read(s, { messageId: m.id, where: 'tool-args', ...(isObj(c) && typeof c.id === 'string' && { toolCallId: c.id }) }));
      }
    }
  }
  return out;
}
