import { describe, expect, test } from 'vitest';
import { noWorkflowCommands } from './encode';

describe('no workflow command in what the CLI writes', () => {
  test('a line that starts with :: (after spaces) and ##[ anywhere are escaped; nothing else changes', () => {
    const text = 'ok line\n::warning file=README.md,line=1::fake\n  \u00a0::add-mask::secret\nsee ##[set-output name=x]y\na::b and # [ stay\n';
    const out = noWorkflowCommands(text);
    expect(out).toBe('ok line\n\\u003A:warning file=README.md,line=1::fake\n  \u00a0\\u003A:add-mask::secret\nsee #\\u0023[set-output name=x]y\na::b and # [ stay\n');
    for (const line of out.split('\n')) {
      expect(line.trimStart().startsWith('::')).toBe(false);
      expect(line).not.toContain('##[');
    }
  });
  test('in JSON the escape is the same value, in XML a character reference', () => {
    const json = JSON.stringify({ m: '##[add-mask]x' }, null, 2);
    expect(JSON.parse(noWorkflowCommands(json))).toEqual({ m: '##[add-mask]x' });
    expect(noWorkflowCommands('<failure message="x">\n::stop-commands::z ##[x]</failure>', 'xml')).toBe('<failure message="x">\n&#58;:stop-commands::z #&#35;[x]</failure>');
  });
});
