/**
 * What the reference client's `enforceEvents` does to each event before anything else sees it: material the
 * schema does not describe is removed (except where the schema is open, as JSON Patch operations are), and the
 * rest must validate. Here a validation failure is a diagnostic, not the end of the stream.
 */
import { EventSchema } from '@ag-ui/core/schemas';
import * as z from 'zod';
import type { Diagnostic } from '../diagnostics';
import { fastCheck } from './fastCheck';

type Schema = z.core.$ZodType;
const DROP = Symbol('drop');

const schemaByType = new Map<string, Schema>();
for (const option of (EventSchema as unknown as { options: z.ZodObject[] }).options) {
  const literal = option.shape.type as unknown as { value: string };
  schemaByType.set(literal.value, option as unknown as Schema);
}

export const eventSchemaFor = (type: string): Schema | undefined => schemaByType.get(type);

/** Looks through wrappers (optional, nullable, default, readonly, catch, pipe, lazy) to the shape inside. */
function unwrap(schema: Schema): Schema {
  let s = schema as z.ZodType;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault || s instanceof z.ZodReadonly || s instanceof z.ZodCatch) {
      s = (s as z.ZodOptional).unwrap() as z.ZodType;
      continue;
    }
    if (s instanceof z.ZodPipe) {
      s = s.def.in as z.ZodType;
      continue;
    }
    if (s instanceof z.ZodLazy) {
      s = s.def.getter() as z.ZodType;
      continue;
    }
    return s;
  }
}

const literalOf = (schema: Schema | undefined): unknown => {
  if (!schema) return undefined;
  const s = unwrap(schema) as z.ZodType;
  if (!(s instanceof z.ZodLiteral)) return undefined;
  const values = s.def.values;
  return Array.isArray(values) && values.length === 1 ? values[0] : (s as unknown as { value: unknown }).value;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An own data property, even for "__proto__": never a prototype write. */
const define = (o: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
};

/** The reference's stripper (`K` in @ag-ui/client), walking value and schema together. */
function strip(value: unknown, schema: Schema, path: string, stripped: string[]): unknown {
  const s = unwrap(schema) as z.ZodType;
  if (s instanceof z.ZodObject) {
    if (!isPlainObject(value)) return value;
    const shape = s.shape as Record<string, Schema>;
    const open = (s.meta() as { specOpen?: boolean } | undefined)?.specOpen === true;
    const out: Record<string, unknown> = {};
    let changed = false;
    for (const key of Object.keys(value)) {
      const field = Object.prototype.hasOwnProperty.call(shape, key) ? shape[key] : undefined;
      if (field === undefined) {
        if (open) define(out, key, value[key]);
        else {
          stripped.push(`${path}/${key}`);
          changed = true;
        }
        continue;
      }
      const mark = stripped.length;
      const next = strip(value[key], field, `${path}/${key}`, stripped);
      if (next === DROP) {
        stripped.length = mark;
        if ((field as z.ZodType).safeParse(undefined).success) {
          stripped.push(`${path}/${key}`);
          changed = true;
          continue;
        }
        return DROP;
      }
      if (next !== value[key]) changed = true;
      define(out, key, next);
    }
    // Unchanged objects are returned as they are, so a clean event costs no copy.
    return changed ? out : value;
  }
  if (s instanceof z.ZodArray) {
    if (!Array.isArray(value)) return value;
    const out: unknown[] = [];
    let changed = false;
    value.forEach((item, i) => {
      const mark = stripped.length;
      const next = strip(item, s.element as Schema, `${path}/${i}`, stripped);
      if (next === DROP) {
        stripped.length = mark;
        stripped.push(`${path}/${i}`);
        changed = true;
        return;
      }
      if (next !== item) changed = true;
      out.push(next);
    });
    return changed ? out : value;
  }
  if (s instanceof z.ZodRecord) {
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    let changed = false;
    for (const key of Object.keys(value)) {
      const mark = stripped.length;
      const next = strip(value[key], s.def.valueType as Schema, `${path}/${key}`, stripped);
      if (next === DROP) {
        stripped.length = mark;
        stripped.push(`${path}/${key}`);
        changed = true;
        continue;
      }
      if (next !== value[key]) changed = true;
      define(out, key, next);
    }
    return changed ? out : value;
  }
  if (s instanceof z.ZodUnion) {
    const options = s.options as Schema[];
    const discriminator = (s.def as { discriminator?: unknown }).discriminator;
    if (typeof discriminator === 'string') {
      if (!isPlainObject(value)) return value;
      const tag = value[discriminator];
      for (const option of options) {
        const o = unwrap(option) as z.ZodType;
        if (!(o instanceof z.ZodObject)) continue;
        if (literalOf((o.shape as Record<string, Schema>)[discriminator]) === tag) return strip(value, option, path, stripped);
      }
      return DROP;
    }
    const objects = options.filter((o) => unwrap(o) instanceof z.ZodObject);
    const obj = isPlainObject(value);
    if (objects.length > 1 && obj) return value;
    for (const option of options) {
      const o = unwrap(option);
      if ((o instanceof z.ZodArray && Array.isArray(value)) || (o instanceof z.ZodObject && obj)) return strip(value, option, path, stripped);
    }
    return value;
  }
  return value;
}

export interface Enforced {
  /** The event as the reference passes it on: unknown material removed. */
  event: Record<string, unknown>;
  valid: boolean;
  diagnostics: Diagnostic[];
  /** Passed the fast check: valid, nothing stripped, every field of the right type. */
  fast?: boolean;
}

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown => {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
};

const describe = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 40)}…"` : `"${value}"`;
  if (typeof value === 'object') return 'an object';
  return String(value);
};

/** Strips and validates one event of a known 1.0 type. */
const NONE: Diagnostic[] = [];

export function enforce(event: Record<string, unknown>): Enforced {
  if (fastCheck(event)) return { event, valid: true, diagnostics: NONE, fast: true };
  const schema = schemaByType.get(String(event.type));
  if (!schema) return { event, valid: true, diagnostics: [] };
  const removed: string[] = [];
  const result = strip(event, schema, '', removed);
  const diagnostics: Diagnostic[] = [];
  const stripped = result === DROP || !isPlainObject(result) ? event : result;
  if (removed.length > 0) {
    diagnostics.push({
      code: 'schema/unrecognized',
      severity: 'info',
      message: `Not part of the ${String(event.type)} schema, so the reference client removes it: ${removed.slice(0, 8).join(', ')}${
        removed.length > 8 ? ` and ${removed.length - 8} more` : ''
      }.`,
      path: removed[0]!.split('/').slice(1),
      change: { kind: 'stripped', fields: removed },
    });
  }
  const parsed = (schema as z.ZodType).safeParse(stripped);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const actual = valueAt(stripped, path);
      const where = path.length ? path.join('.') : 'event';
      if (actual === null && issue.code === 'invalid_type') {
        diagnostics.push({
          code: 'schema/null-optional',
          severity: 'error',
          message: `${where} is null. Optional fields are omitted, never sent as null; the reference client rejects this event.`,
          path,
        });
      } else {
        diagnostics.push({
          code: 'schema/invalid',
          severity: 'error',
          message: `${where}: ${issue.message}${actual !== undefined ? ` (got ${describe(actual)})` : ''}. The reference client rejects this event.`,
          path,
        });
      }
    }
  }
  return { event: stripped, valid: parsed.success, diagnostics };
}
