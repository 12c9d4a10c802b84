import { parse as parseYaml } from 'yaml';
import { AuthoringError } from './authoring-error.ts';

export type Fields = Record<string, unknown>;

/** Splits `---\n<yaml>\n---\n<markdown>`; both parts are required. */
export function splitFrontMatter(source: string, file: string): { fields: Fields; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(source);
  if (match === null)
    throw new AuthoringError(file, 'must start with front matter between --- lines');
  return { fields: parseFields(match[1] ?? '', file), body: match[2] ?? '' };
}

export function parseFields(yaml: string, file: string): Fields {
  let value: unknown;
  try {
    value = parseYaml(yaml);
  } catch (error) {
    throw new AuthoringError(
      file,
      `YAML does not parse: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthoringError(file, 'front matter must be a mapping of fields');
  }
  return value as Fields;
}

/** A required text field: present, a string (YAML may read `2026` or `yes` as other types). */
export function requireText(fields: Fields, name: string, file: string): string {
  const value = fields[name];
  if (value === undefined || value === null)
    throw new AuthoringError(file, `field "${name}" is required`);
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new AuthoringError(file, `field "${name}" must be text`);
  return String(value).trim();
}

export function optionalText(fields: Fields, name: string, file: string): string | undefined {
  return fields[name] === undefined || fields[name] === null
    ? undefined
    : requireText(fields, name, file);
}

/** A date-time; YAML 1.2 reads unquoted timestamps as strings, a `Date` would come from 1.1 documents. */
export function requireDateTime(fields: Fields, name: string, file: string): string {
  const value = fields[name];
  if (value instanceof Date) return value.toISOString().replace('.000Z', 'Z');
  return requireText(fields, name, file);
}

export function requireList(fields: Fields, name: string, file: string): string[] {
  const value = fields[name];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new AuthoringError(
      file,
      `field "${name}" must be a list of keys, like [language, culture]`,
    );
  }
  return value as string[];
}
