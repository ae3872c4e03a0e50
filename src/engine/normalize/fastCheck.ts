/**
 * A fast path for validation: most events are flat objects of strings (TEXT_MESSAGE_CONTENT and the like).
 * Their shapes are read off the @ag-ui/core schemas once; an event whose every field fits its shape, with no
 * field the schema does not name, is certainly valid and has nothing to strip, so zod is skipped.
 * Anything else (a missing field, an unknown one, a nested object) takes the full path in enforce.ts.
 * `fastCheck(e) === true` must imply zod accepts e unchanged; fastCheck.test.ts holds it to that.
 */
import { EventSchema, JsonPatchSchema } from '@ag-ui/core/schemas';
import * as z from 'zod';

type Kind =
  | { k: 'string' }
  | { k: 'literal'; values: ReadonlySet<unknown> }
  | { k: 'int' }
  | { k: 'boolean' }
  | { k: 'any'; nullOk: boolean }
  | { k: 'object' }
  | { k: 'patch' };

interface FieldSpec {
  kind: Kind;
  optional: boolean;
}

type Spec = Map<string, FieldSpec> & { required?: string[] };

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

function classify(field: z.ZodType): FieldSpec | undefined {
  if (field === (JsonPatchSchema as unknown)) return { kind: { k: 'patch' }, optional: false };
  let s = field;
  let optional = false;
  if (s instanceof z.ZodOptional) {
    optional = true;
    s = s.unwrap() as z.ZodType;
  }
  if (s === (JsonPatchSchema as unknown)) return { kind: { k: 'patch' }, optional };
  // Every guess below is confirmed against the schema itself with probes.
  if (s instanceof z.ZodString) {
    return accepts(s, '') && accepts(s, 'x'.repeat(300)) && !accepts(s, 1) ? { kind: { k: 'string' }, optional } : undefined;
  }
  if (s instanceof z.ZodLiteral || s instanceof z.ZodEnum) {
    const values = s instanceof z.ZodLiteral ? [...s.values] : (s.options as unknown[]);
    return values.every((v) => accepts(s, v)) ? { kind: { k: 'literal', values: new Set(values) }, optional } : undefined;
  }
  if (s instanceof z.ZodBoolean) return { kind: { k: 'boolean' }, optional };
  if (s instanceof z.ZodNumber) {
    const int = accepts(s, 0) && accepts(s, Number.MAX_SAFE_INTEGER) && accepts(s, -Number.MAX_SAFE_INTEGER) && !accepts(s, 0.5) && !accepts(s, 2 ** 60);
    return int ? { kind: { k: 'int' }, optional } : undefined;
  }
  if (s instanceof z.ZodAny || s instanceof z.ZodUnknown) {
    const all = [0, 'x', true, {}, [], { a: [1] }].every((v) => accepts(s, v));
    if (!all || accepts(s, undefined)) return undefined;
    return { kind: { k: 'any', nullOk: accepts(s, null) }, optional };
  }
  if (s instanceof z.ZodCustom) {
    const plainObject = accepts(s, {}) && accepts(s, { a: 1 }) && !accepts(s, null) && !accepts(s, []) && !accepts(s, 'x') && !accepts(s, 1);
    return plainObject ? { kind: { k: 'object' }, optional } : undefined;
  }
  return undefined;
}

const specs = new Map<string, Spec>();
for (const option of (EventSchema as unknown as { options: z.ZodObject[] }).options) {
  const shape = option.shape as Record<string, z.ZodType>;
  const spec: Spec = new Map();
  let simple = true;
  for (const [key, field] of Object.entries(shape)) {
    const f = classify(field);
    if (f) spec.set(key, f);
    else if (field instanceof z.ZodOptional) spec.set(key, { kind: { k: 'literal', values: new Set() }, optional: true });
    else simple = false;
  }
  // A required field we cannot check quickly: that event type always takes the full path.
  spec.required = [...spec].filter(([, f]) => !f.optional).map(([key]) => key);
  if (simple) specs.set((shape.type as unknown as { value: string }).value, spec);
}

const POINTER = /^(\/([^/~]|~[01])*)*$/;
const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

function patchOk(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (const op of v) {
    if (op === null || typeof op !== 'object' || Array.isArray(op)) return false;
    const o = op as Record<string, unknown>;
    if (typeof o.op !== 'string' || !OPS.has(o.op) || typeof o.path !== 'string' || !POINTER.test(o.path)) return false;
    if ((o.op === 'move' || o.op === 'copy') && (typeof o.from !== 'string' || !POINTER.test(o.from))) return false;
    if ((o.op === 'add' || o.op === 'replace' || o.op === 'test') && o.value === undefined) return false;
  }
  return true;
}

function fits(kind: Kind, v: unknown): boolean {
  switch (kind.k) {
    case 'string':
      return typeof v === 'string';
    case 'literal':
      return kind.values.has(v);
    case 'int':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'any':
      return v !== undefined && (kind.nullOk || v !== null);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'patch':
      return patchOk(v);
  }
}

/** True when the event certainly validates and has nothing to strip; false means "check it fully". */
export function fastCheck(event: Record<string, unknown>): boolean {
  const spec = specs.get(event.type as string);
  if (!spec) return false;
  for (const key in event) {
    if (!Object.prototype.hasOwnProperty.call(event, key)) continue;
    const field = spec.get(key);
    if (!field) return false;
    const v = event[key];
    if (v === undefined) {
      if (!field.optional) return false;
      continue;
    }
    if (!fits(field.kind, v)) return false;
  }
  for (const key of spec.required!) if (event[key] === undefined) return false;
  return true;
}

/** The event types the fast path covers (for tests). */
export const fastTypes = (): string[] => [...specs.keys()];
