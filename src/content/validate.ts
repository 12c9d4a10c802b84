import type { z } from 'zod';

/** Thrown when content breaks the model; the message names each document id and field. */
export class ContentValidationError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `${String(problems.length)} content problems:\n${problems.join('\n')}`,
    );
    this.name = 'ContentValidationError';
    this.problems = problems;
  }
}

/**
 * Validates one query result, an array of documents, and collects every problem before failing.
 * @example parseDocuments(rawArticle, 'article', result)
 *          // throws: Invalid article "article-x-de": field "slug" is required
 */
export function parseDocuments<T extends z.ZodType>(
  schema: T,
  type: string,
  result: unknown,
): z.output<T>[] {
  if (!Array.isArray(result)) {
    throw new ContentValidationError([
      `Invalid ${type} query result: expected a list of documents`,
    ]);
  }
  const problems: string[] = [];
  const parsed: z.output<T>[] = [];
  for (const doc of result as unknown[]) {
    const outcome = schema.safeParse(doc);
    if (outcome.success) parsed.push(outcome.data);
    else problems.push(...describeIssues(type, documentIdOf(doc), doc, outcome.error.issues));
  }
  if (problems.length > 0) throw new ContentValidationError(problems);
  return parsed;
}

/** `Invalid <type> "<id>": field "<path>" <what is wrong>`, the one shape every content error has. */
export function describeProblem(type: string, id: string, path: string, problem: string): string {
  return `Invalid ${type} "${id}": field "${path}" ${problem}`;
}

function describeIssues(
  type: string,
  id: string,
  doc: unknown,
  issues: readonly z.core.$ZodIssue[],
): string[] {
  return issues.map((issue) => {
    const path = formatPath(issue.path);
    return path === ''
      ? `Invalid ${type} "${id}": ${issue.message}`
      : describeProblem(type, id, path, explain(issue, valueAt(doc, issue.path)));
  });
}

function explain(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === 'invalid_type') {
    return value === undefined || value === null
      ? 'is required'
      : `must be ${article(issue.expected)}`;
  }
  return issue.message;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** `body[3].children[0].marks[1]`, the way GROQ and Sanity's Studio name a field. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${String(part)}]` : `${i === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

function valueAt(doc: unknown, path: readonly PropertyKey[]): unknown {
  let value = doc;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function documentIdOf(doc: unknown): string {
  const id = (doc as { _id?: unknown } | null)?._id;
  return typeof id === 'string' ? id : '(no _id)';
}
