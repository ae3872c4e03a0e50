/**
 * THINKING_* (0.0.x) to REASONING_*, as the reference client's CompatibilityBoundary does it, one stream at a
 * time. The reference mints random ids where the old events had none; here they are deterministic
 * (`thinking-1`, `thinking-2`, … per stream) so a replay is the same every time.
 */

type Obj = Record<string, unknown>;

export interface ThinkingResult {
  event: Obj;
  /** Why this is worth telling the user. */
  notes: string[];
}

export class ThinkingMapper {
  private reasoningId: string | null = null;
  private messageId: string | null = null;
  private minted = 0;

  constructor(private readonly mint: () => string = () => `thinking-${++this.minted}`) {}

  private continuation(type: string, current: string | null, notes: string[]): string {
    if (current !== null) return current;
    const id = this.mint();
    notes.push(`${type} continues nothing that was opened: the id "${id}" is made up, and verification will reject it.`);
    return id;
  }

  /** Maps one event; anything that is not THINKING_* passes through unchanged. */
  map(e: Obj): ThinkingResult {
    const notes: string[] = [];
    const deprecated = (to: string) => notes.push(`${String(e.type)} is deprecated: replayed as ${to}.`);
    switch (e.type) {
      case 'THINKING_START': {
        this.reasoningId = this.mint();
        const { title, ...rest } = e;
        deprecated('REASONING_START');
        if (title !== undefined) notes.push(`THINKING_START.title ${JSON.stringify(title)} has no place in REASONING_START and is dropped.`);
        return { event: { ...rest, type: 'REASONING_START', messageId: this.reasoningId }, notes };
      }
      case 'THINKING_TEXT_MESSAGE_START':
        this.messageId = this.mint();
        deprecated('REASONING_MESSAGE_START');
        return { event: { ...e, type: 'REASONING_MESSAGE_START', messageId: this.messageId, role: 'reasoning' }, notes };
      case 'THINKING_TEXT_MESSAGE_CONTENT': {
        const { delta, ...rest } = e;
        deprecated('REASONING_MESSAGE_CONTENT');
        const messageId = this.continuation('THINKING_TEXT_MESSAGE_CONTENT', this.messageId, notes);
        return { event: { ...rest, type: 'REASONING_MESSAGE_CONTENT', messageId, delta }, notes };
      }
      case 'THINKING_TEXT_MESSAGE_END': {
        const messageId = this.continuation('THINKING_TEXT_MESSAGE_END', this.messageId, notes);
        this.messageId = null;
        deprecated('REASONING_MESSAGE_END');
        return { event: { ...e, type: 'REASONING_MESSAGE_END', messageId }, notes };
      }
      case 'THINKING_END': {
        const messageId = this.continuation('THINKING_END', this.reasoningId, notes);
        this.reasoningId = null;
        deprecated('REASONING_END');
        return { event: { ...e, type: 'REASONING_END', messageId }, notes };
      }
      default:
        return { event: e, notes };
    }
  }
}
