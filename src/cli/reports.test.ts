import { describe, expect, it } from 'vitest';
import { githubReport } from './reports';

describe('--format github', () => {
  it('escapes what the runner would read as the end of a property or of the message', () => {
    const out = githubReport(
      [{ file: '/w/a,b:c.jsonl', events: 1, ms: 0, problems: [{ ruleId: 'run/failed', severity: 'error', eventIndex: 0, message: '100% down:\r\nsee, logs', line: 7 }] }],
      '/w',
    );
    expect(out.split('\n')[0]).toBe('::error file=a%2Cb%3Ac.jsonl,line=7,title=run/failed::Event 0: 100%25 down:%0D%0Asee, logs (RULES.md#runfailed)');
  });

  it('info is a notice; a file that cannot be read is an error on the file; a summary comes last', () => {
    const out = githubReport(
      [
        { file: 'x.jsonl', events: 1, ms: 0, problems: [{ ruleId: 'event/draft', severity: 'info', eventIndex: 0, message: 'META' }] },
        { file: 'y.json', events: 0, ms: 0, problems: [], error: 'no such file' },
      ],
      '.',
    );
    expect(out).toBe('::notice file=x.jsonl,title=event/draft::Event 0: META (RULES.md#eventdraft)\n::error file=y.json,title=agui-devtools%3A cannot read::no such file\nagui-devtools: 2 files: 0 errors, 0 warnings, 1 note\n');
  });
});
