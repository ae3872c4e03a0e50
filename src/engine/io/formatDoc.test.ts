import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { importSession } from './exportFormat';
import { exampleSessionFile, renderSessionFormatDoc } from './formatDoc';
import { replaySession } from '../replay/replaySession';

const root = join(import.meta.dirname, '..', '..', '..');

test('SESSION_FORMAT.md is current (npm run docs writes it)', () => {
  const source = readFileSync(join(root, 'src/engine/io/exportFormat.ts'), 'utf8');
  expect(readFileSync(join(root, 'SESSION_FORMAT.md'), 'utf8')).toBe(renderSessionFormatDoc(source));
});

test('its example is a valid session file that replays to the conversation it shows', () => {
  const session = importSession(JSON.parse(JSON.stringify(exampleSessionFile())));
  const view = replaySession(session).at(session.frames.length - 1);
  expect(view.messages).toEqual([{ id: 'msg-1', role: 'assistant', content: 'Hello' }]);
});
