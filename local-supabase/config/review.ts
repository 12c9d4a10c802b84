// Walks config.toml against the schema before it is validated: keys the Supabase CLI does not know are
// dropped, and they and the known keys this backend ignores get one warning each. Neither stops the
// start; values of the keys this backend uses are still validated (a bad one does stop it).
import { z } from 'zod';
import { ignoredKeys, type IgnoredKey } from './schema.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema inside `.default()` and `.optional()` wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodDefault || current instanceof z.ZodOptional) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * True when an ignored key's value asks for nothing this backend lacks: the value the Supabase CLI
 * writes or assumes, a section switched off (`enabled = false`), or a table of such values.
 */
function asksNothing(value: unknown, cliDefault: unknown): boolean {
  if (cliDefault !== undefined && sameValue(value, cliDefault)) return true;
  if (!isRecord(value)) return false;
  if (value['enabled'] === false) return true;
  const defaults = isRecord(cliDefault) ? cliDefault : {};
  return Object.entries(value).every(([key, child]) => asksNothing(child, defaults[key]));
}

function ignoredWarning(path: string, key: IgnoredKey): string {
  return `${path}: ignored, ${key.reason}`;
}

function unknownWarning(path: string): string {
  return `${path}: not a setting the Supabase CLI knows (a typo?), ignored`;
}

/** `schema`'s reading of `value` at `path`: unknown keys dropped, warnings collected. */
function review(schema: z.ZodType, value: unknown, path: string, warnings: string[]): unknown {
  const ignored = ignoredKeys.get(schema);
  if (ignored) {
    if (!asksNothing(value, ignored.cliDefault)) warnings.push(ignoredWarning(path, ignored));
    return value;
  }
  const inner = unwrap(schema);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (inner instanceof z.ZodObject && isRecord(value)) {
    const shape = inner.shape as Record<string, z.ZodType>;
    const loose = inner._zod.def.catchall?._zod.def.type === 'unknown';
    const kept: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const field = shape[key];
      if (field) kept[key] = review(field, child, at(key), warnings);
      else if (loose) kept[key] = child;
      else warnings.push(unknownWarning(at(key)));
    }
    return kept;
  }
  if (inner instanceof z.ZodRecord && isRecord(value)) {
    const keyType = inner._zod.def.keyType;
    const known = keyType instanceof z.ZodEnum ? (keyType.options as string[]) : null;
    const kept: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (known && !known.includes(key)) warnings.push(unknownWarning(at(key)));
      else kept[key] = review(inner._zod.def.valueType as z.ZodType, child, at(key), warnings);
    }
    return kept;
  }
  return value;
}

/** The file's settings with unknown keys dropped, and one warning per unknown or ignored key. */
export function reviewConfig(
  schema: z.ZodType,
  raw: unknown,
): { settings: unknown; warnings: string[] } {
  const warnings: string[] = [];
  const settings = review(schema, raw, '', warnings);
  return { settings, warnings };
}
