/** What `lint` prints: text for people, JSON for scripts, SARIF for code scanning, JUnit XML for CI test reports. */
import { isAbsolute, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CoverageReport } from '../engine/verify/coverage';
import { RULE_EXAMPLES } from '../engine/rulebook/ruleExamples';
import { RULES } from '../engine/verify/rules';
import { RULE_PASSAGES, ruleAnchor, SPEC_SOURCES } from '../engine/verify/specPassages';
import { terminalText } from '../engine/util/encode';
import { countOf, type FileLint, type LintedProblem } from './lint';

export type ReportFormat = 'text' | 'json' | 'sarif' | 'junit' | 'github';
export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'json', 'sarif', 'junit', 'github'];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const where = (file: string, p: LintedProblem) => `${terminalText(file)}${p.line !== undefined ? `:${p.line}` : p.byteOffset !== undefined ? `@${p.byteOffset}` : ''}`;

export function textReport(results: readonly FileLint[], ms: number): string {
  let out = '';
  for (const r of results) {
    for (const p of r.problems) out += `${where(r.file, p)} #${p.eventIndex}  ${p.severity.padEnd(7)} ${p.ruleId.padEnd(28)} ${terminalText(p.message)}\n`;
  }
  const tally = (list: readonly FileLint[]) =>
    `${plural(countOf(list, 'error'), 'error')}, ${plural(countOf(list, 'warning'), 'warning')}, ${plural(countOf(list, 'info'), 'note')}`;
  const untimed = (r: FileLint) => (r.timed ? '' : '; transport rules not applicable (no capture timing)');
  const stops = (r: FileLint) => (r.stops?.length ? `; the page's client stops a run at ${r.stops.map((i) => `#${i}`).join(', ')}` : '');
  if (results.length === 1) {
    const r = results[0]!;
    if (!r.error) out += `${plural(r.events, 'event')} (${r.format}): ${tally(results)}${stops(r)}${untimed(r)}\n`;
    return out;
  }
  for (const r of results) {
    if (!r.error && r.problems.some((p) => p.severity !== 'info')) out += `${terminalText(r.file)}: ${plural(r.events, 'event')} (${r.format}): ${tally([r])}${stops(r)}\n`;
  }
  const linted = results.filter((r) => !r.error);
  const failing = linted.filter((r) => r.problems.some((p) => p.severity === 'error')).length;
  const unreadable = results.length - linted.length;
  const timed = linted.filter((r) => r.timed).length;
  out += `${plural(results.length, 'file')}, ${plural(linted.reduce((n, r) => n + r.events, 0), 'event')}: ${tally(results)}; ${plural(failing, 'file')} with errors${
    unreadable ? `, ${unreadable} unreadable` : ''
  }; ${
    timed === 0 ? 'transport rules not applicable (no capture timing)' : `transport rules applied to ${timed} of ${plural(linted.length, 'file')}${timed < linted.length ? ' (the others have no capture timing)' : ''}`
  } (${Math.round(ms)} ms)\n`;
  return out;
}

/** RULES.md beside the package (two folders up from src/cli and from dist/cli alike), at a rule's section. */
const here = import.meta.url; // (not inside new URL(…), which the bundler would take for an asset to copy)
const rulesDocUri = (id: string): string => `${new URL('../../RULES.md', here).href}#${ruleAnchor(id)}`;

/** The spec passage a rule enforces, as the JSON and SARIF reports carry it. */
export function passageOf(id: string) {
  const p = RULE_PASSAGES[id];
  return p && { source: SPEC_SOURCES[p.source], heading: p.heading, quote: p.quote, summary: p.summary, docs: `RULES.md#${ruleAnchor(id)}` };
}

export const jsonReport = (results: readonly FileLint[]): string =>
  `${JSON.stringify(
    results.flatMap((r) => r.problems.map((p) => ({ file: r.file, ...p, passage: passageOf(p.ruleId) }))),
    null,
    2,
  )}\n`;

// ---- GitHub Actions workflow commands ----

/** A workflow command's data and property values, escaped as the runner reads them. */
const ghData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const ghProperty = (text: string) => ghData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
const GH_LEVEL = { error: 'error', warning: 'warning', info: 'notice' } as const;

/**
 * `--format github`: one `::error file=…,line=…,title=…::message` per problem (warning and notice likewise), which
 * a GitHub Actions runner shows on the pull request's lines; a summary line last.
 */
export function githubReport(results: readonly FileLint[], cwd: string): string {
  let out = '';
  for (const r of results) {
    const file = r.file === '-' ? 'stdin' : relative(cwd, isAbsolute(r.file) ? r.file : `${cwd}${sep}${r.file}`).split(sep).join('/');
    if (r.error) out += `::error file=${ghProperty(file)},title=${ghProperty('agui-devtools: cannot read')}::${ghData(r.error)}\n`;
    for (const p of r.problems) {
      const line = p.line !== undefined ? `,line=${p.line}` : '';
      out += `::${GH_LEVEL[p.severity]} file=${ghProperty(file)}${line},title=${ghProperty(p.ruleId)}::${ghData(`Event ${p.eventIndex}: ${p.message} (RULES.md#${ruleAnchor(p.ruleId)})`)}\n`;
    }
  }
  const n = (severity: 'error' | 'warning' | 'info') => countOf(results, severity);
  return `${out}agui-devtools: ${plural(results.length, 'file')}: ${plural(n('error'), 'error')}, ${plural(n('warning'), 'warning')}, ${plural(n('info'), 'note')}\n`;
}

// ---- Coverage ----

/** `lint --coverage` as text: each feature with the files and events that exercise it, then each file's count. */
export function coverageText(report: CoverageReport): string {
  const width = Math.max(...report.total.map((t) => t.name.length));
  const n = (count: number, word: string) => `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;
  let out = `Protocol features exercised by ${plural(report.files.length, 'file')}:\n`;
  for (const t of report.total) {
    out += t.files > 0 ? `  ✓ ${t.name.padEnd(width)}  ${n(t.files, 'file')}, ${n(t.events, 'event')}\n` : `  ✗ ${t.name.padEnd(width)}  not exercised (${t.by})\n`;
  }
  if (report.files.length > 1) {
    out += '\nPer file:\n';
    for (const f of report.files) out += `  ${terminalText(f.file)}: ${f.exercised} of ${report.of}\n`;
  }
  out += `\n${report.exercised} of ${report.of} features exercised${report.missing.length ? `; not exercised: ${report.missing.join(', ')}` : ''}\n`;
  return out;
}

// ---- SARIF 2.1.0 ----

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** A file as a SARIF artifact location: relative to the working directory (%SRCROOT%) when it lies inside it. */
function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  if (file === '-') return { uri: 'stdin' };
  const abs = isAbsolute(file) ? file : `${cwd}${sep}${file}`;
  const rel = relative(cwd, abs);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return { uri: pathToFileURL(abs).href };
  return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

export function sarifReport(results: readonly FileLint[], options: { cwd: string; version: string }): string {
  const ids = Object.keys(RULES).sort();
  const ruleIndex = new Map(ids.map((id, i) => [id, i]));
  const artifacts = results.map((r) => ({ location: artifactLocation(r.file, options.cwd), roles: ['analysisTarget'] }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agui-devtools',
            version: options.version,
            semanticVersion: options.version,
            rules: ids.map((id) => {
              const r = RULES[id]!;
              const what = RULE_EXAMPLES[id]?.what;
              const p = passageOf(id);
              const stops = r.reference ? ' @ag-ui/client stops the run here.' : '';
              return {
                id,
                shortDescription: { text: what ? `${id}: ${what}` : id },
                fullDescription: { text: p ? `${p.summary}${stops} Spec (${p.source} › ${p.heading}): “${p.quote}”` : `Spec: ${r.spec}.${stops}` },
                helpUri: rulesDocUri(id),
                help: {
                  text: `${p ? `${p.summary} ` : ''}See RULES.md (${id}) in agui-devtools for an example that breaks this rule.`,
                  ...(p && { markdown: `${p.summary}\n\n> ${p.quote}\n>\n> — ${p.source} › ${p.heading}\n\nSee [RULES.md](${rulesDocUri(id)}) for an example that breaks this rule.` }),
                },
                defaultConfiguration: { level: SARIF_LEVEL[r.severity] },
                properties: { tags: ['ag-ui', id.split('/')[0]!], spec: r.spec, ...(p && { specQuote: p.quote, specSource: p.source }), ...(r.reference && { reference: true }) },
              };
            }),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(`${options.cwd}${sep}`).href } },
        artifacts,
        invocations: [
          {
            executionSuccessful: results.every((r) => !r.error),
            toolExecutionNotifications: results
              .filter((r) => r.error)
              .map((r) => ({
                level: 'error',
                message: { text: `${r.file}: ${r.error}` },
                locations: [{ physicalLocation: { artifactLocation: artifactLocation(r.file, options.cwd) } }],
              })),
          },
        ],
        results: results.flatMap((r, artifactIndex) =>
          r.problems.map((p) => {
            const region =
              p.line !== undefined || p.byteOffset !== undefined
                ? {
                    ...(p.line !== undefined && { startLine: p.line }),
                    ...(p.byteOffset !== undefined && { byteOffset: p.byteOffset, byteLength: p.byteLength ?? 0 }),
                  }
                : undefined;
            return {
              ruleId: p.ruleId,
              ...(ruleIndex.has(p.ruleId) && { ruleIndex: ruleIndex.get(p.ruleId) }),
              level: SARIF_LEVEL[p.severity],
              message: { text: `Event ${p.eventIndex}: ${p.message}` },
              locations: [
                {
                  physicalLocation: { artifactLocation: { ...artifactLocation(r.file, options.cwd), index: artifactIndex }, ...(region && { region }) },
                  logicalLocations: [{ name: `event ${p.eventIndex}`, kind: 'element' }],
                },
              ],
              properties: { eventIndex: p.eventIndex },
            };
          }),
        ),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

// ---- JUnit XML ----

/** Text as XML character data: escaped, and characters XML 1.0 cannot hold written as \uXXXX. */
const xml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML cannot carry
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function junitReport(results: readonly FileLint[], ms: number, now = new Date()): string {
  const failed = results.filter((r) => !r.error && r.problems.some((p) => p.severity === 'error')).length;
  const errored = results.filter((r) => r.error).length;
  const counts = `tests="${results.length}" failures="${failed}" errors="${errored}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agui-devtools lint" ${counts} time="${seconds(ms)}">`,
    `  <testsuite name="agui-devtools lint" ${counts} skipped="0" time="${seconds(ms)}" timestamp="${now.toISOString().replace(/\.\d+Z$/, '')}">`,
  ];
  for (const r of results) {
    const head = `    <testcase name="${xml(r.file)}" classname="agui-devtools.lint" file="${xml(r.file)}" time="${seconds(r.ms)}"`;
    if (r.error) {
      lines.push(`${head}>`, `      <error message="${xml(r.error)}" type="unreadable">${xml(`${r.file}: ${r.error}`)}</error>`, '    </testcase>');
      continue;
    }
    const errors = r.problems.filter((p) => p.severity === 'error');
    const others = r.problems.filter((p) => p.severity !== 'error');
    if (errors.length === 0 && others.length === 0) {
      lines.push(`${head}/>`);
      continue;
    }
    lines.push(`${head}>`);
    for (const p of errors) {
      const body = `${where(r.file, p)} event ${p.eventIndex}: ${p.message}\nRule ${p.ruleId} (${RULES[p.ruleId]?.spec ?? ''})`;
      lines.push(`      <failure message="${xml(`${p.ruleId}: ${p.message}`)}" type="${xml(p.ruleId)}">${xml(body)}</failure>`);
    }
    if (others.length > 0) {
      lines.push(`      <system-out>${xml(others.map((p) => `${where(r.file, p)} event ${p.eventIndex}: ${p.severity} ${p.ruleId}: ${p.message}`).join('\n'))}</system-out>`);
    }
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
