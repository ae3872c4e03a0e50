/** Colour families for event types, as the timeline shows them. */
export const CATEGORIES = ['run', 'text', 'tool', 'state', 'reasoning', 'activity', 'subagent', 'special', 'unknown'] as const;
export type Category = (typeof CATEGORIES)[number];

export function categoryOf(type: string): Category {
  if (type.startsWith('RUN_') || type.startsWith('STEP_')) return 'run';
  if (type.startsWith('TEXT_MESSAGE')) return 'text';
  if (type.startsWith('TOOL_CALL')) return 'tool';
  if (type.startsWith('STATE_') || type === 'MESSAGES_SNAPSHOT') return 'state';
  if (type.startsWith('REASONING') || type.startsWith('THINKING')) return 'reasoning';
  if (type.startsWith('ACTIVITY')) return 'activity';
  if (type.startsWith('SUBAGENT')) return 'subagent';
  if (type === 'RAW' || type === 'CUSTOM' || type === 'META') return 'special';
  return 'unknown';
}
