/**
 * Enough JSON Schema to check a resume payload against an interrupt's responseSchema: type, enum, const,
 * properties, required, additionalProperties, items, min/max (length, items, value), anyOf, oneOf, allOf.
 * Keywords it does not know are ignored (never a false alarm).
 */

type Schema = Record<string, unknown> | boolean;

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

const matchesType = (v: unknown, t: string): boolean => {
  const actual = typeOf(v);
  return actual === t || (t === 'number' && actual === 'integer');
};

const equal = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Returns the first mismatch as "path: reason", or undefined when the value fits. */
export function validateJsonSchema(value: unknown, schema: unknown, path = '$', depth = 0): string | undefined {
  if (depth > 64 || schema === true || schema === undefined || schema === null) return undefined;
  if (schema === false) return `${path}: no value is allowed here`;
  if (typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  const s = schema as Record<string, unknown>;
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => matchesType(value, t))) return `${path}: expected ${types.join(' or ')}, got ${typeOf(value)}`;
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, value))) return `${path}: must be one of ${JSON.stringify(s.enum)}`;
  if ('const' in s && !equal(s.const, value)) return `${path}: must be ${JSON.stringify(s.const)}`;
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && value.length < s.minLength) return `${path}: shorter than ${s.minLength}`;
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) return `${path}: longer than ${s.maxLength}`;
    if (typeof s.pattern === 'string') {
      try {
        if (!new RegExp(s.pattern, 'u').test(value)) return `${path}: does not match ${s.pattern}`;
      } catch {
        // A pattern this engine cannot compile is not the payload's fault.
      }
    }
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return `${path}: below the minimum ${s.minimum}`;
    if (typeof s.maximum === 'number' && value > s.maximum) return `${path}: above the maximum ${s.maximum}`;
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return `${path}: must be above ${s.exclusiveMinimum}`;
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return `${path}: must be below ${s.exclusiveMaximum}`;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return `${path}: fewer than ${s.minItems} items`;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return `${path}: more than ${s.maxItems} items`;
    if (s.items !== undefined && !Array.isArray(s.items)) {
      for (let i = 0; i < value.length; i++) {
        const err = validateJsonSchema(value[i], s.items, `${path}[${i}]`, depth + 1);
        if (err) return err;
      }
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    if (Array.isArray(s.required)) {
      for (const key of s.required as string[]) if (!(key in obj)) return `${path}: "${key}" is required`;
    }
    for (const [key, sub] of Object.entries(props)) {
      if (key in obj) {
        const err = validateJsonSchema(obj[key], sub, `${path}.${key}`, depth + 1);
        if (err) return err;
      }
    }
    if (s.additionalProperties === false) {
      for (const key of Object.keys(obj)) if (!(key in props)) return `${path}: "${key}" is not allowed`;
    } else if (typeof s.additionalProperties === 'object') {
      for (const key of Object.keys(obj)) {
        if (key in props) continue;
        const err = validateJsonSchema(obj[key], s.additionalProperties, `${path}.${key}`, depth + 1);
        if (err) return err;
      }
    }
  }
  if (Array.isArray(s.allOf)) {
    for (const sub of s.allOf) {
      const err = validateJsonSchema(value, sub, path, depth + 1);
      if (err) return err;
    }
  }
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => validateJsonSchema(value, sub, path, depth + 1) === undefined)) {
    return `${path}: matches none of anyOf`;
  }
  if (Array.isArray(s.oneOf)) {
    const n = s.oneOf.filter((sub) => validateJsonSchema(value, sub, path, depth + 1) === undefined).length;
    if (n !== 1) return `${path}: matches ${n} of oneOf (exactly one required)`;
  }
  return undefined;
}
