// The JSON body of a storage request, validated with zod; bad input is storage's 400 `InvalidRequest`.
import type { Context } from 'hono';
import { z } from 'zod';
import { BodyError, readJsonBody as readJson } from '../http/json-body.ts';
import { storageErrors } from './errors.ts';

/** Parses and validates a JSON request body; bad input is storage's 400 `InvalidRequest`. */
export async function readJsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let value: unknown;
  try {
    // storage-api reads an empty body as `{}`.
    value = (await readJson(c)).value ?? {};
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    throw storageErrors.invalidRequest('Body is not valid JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `body/${issue.path.join('/')} ` : 'body ';
    throw storageErrors.invalidRequest(`${where}${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}
