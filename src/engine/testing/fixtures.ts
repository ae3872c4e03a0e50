/** The public conformance fixtures in ../shared/conformance, as named event sequences. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONFORMANCE = fileURLToPath(new URL('../../../../shared/conformance/ag-ui-repo', import.meta.url));

export interface Sequence {
  name: string;
  events: unknown[];
}

export function conformanceSequences(): Sequence[] {
  if (!existsSync(CONFORMANCE)) return [];
  const out: Sequence[] = [];
  const dart = JSON.parse(readFileSync(join(CONFORMANCE, 'dart/events.json'), 'utf8')) as Record<string, unknown[]>;
  for (const [name, events] of Object.entries(dart)) out.push({ name: `dart/${name}`, events });
  for (const file of readdirSync(join(CONFORMANCE, 'dotnet-compat')).sort()) {
    out.push({ name: `dotnet-compat/${file}`, events: JSON.parse(readFileSync(join(CONFORMANCE, 'dotnet-compat', file), 'utf8')) as unknown[] });
  }
  for (const file of readdirSync(join(CONFORMANCE, 'dotnet-baselines')).sort()) {
    if (!file.endsWith('.Response.json')) continue;
    out.push({ name: `dotnet-baselines/${file}`, events: JSON.parse(readFileSync(join(CONFORMANCE, 'dotnet-baselines', file), 'utf8')) as unknown[] });
  }
  const nulls = JSON.parse(readFileSync(join(CONFORMANCE, 'null-omission.json'), 'utf8')) as { stream: { name: string; input: unknown }[] };
  out.push({ name: 'null-omission/inputs', events: nulls.stream.map((c) => c.input) });
  return out;
}

/** The SSE framing cases of dart/sse_streams.txt, by heading. */
export function sseCases(): { name: string; text: string }[] {
  const path = join(CONFORMANCE, 'dart/sse_streams.txt');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  return text
    .split(/^## /m)
    .filter((part) => part.trim())
    .map((part) => {
      const nl = part.indexOf('\n');
      return { name: part.slice(0, nl).trim(), text: part.slice(nl + 1) };
    });
}
