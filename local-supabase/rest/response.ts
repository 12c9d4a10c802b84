// Status and headers of a PostgREST response: Content-Range with the page and the total, 206 for a
// partial page, 416 past the end (PostgREST `RangeQuery.rangeStatusHeader`).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { restError } from './errors.ts';
import type { Preferences } from './request.ts';

/** `0-9/42`, `*` when the page is empty, `/*` when the total was not counted. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

export function readStatus(
  offset: number,
  pageTotal: number,
  total: number | null,
): ContentfulStatusCode {
  if (total === null) return 200;
  if (offset > total) return 416;
  return pageTotal < total ? 206 : 200;
}

export function rangeNotSatisfiable(offset: number, total: number) {
  return restError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  );
}

/** `Preference-Applied`: the preferences the server honoured. */
export function preferenceApplied(
  preferences: Preferences,
  honoured: (keyof Preferences)[],
): string | null {
  const parts: string[] = [];
  for (const name of honoured) {
    const value = preferences[name];
    if (value === undefined) continue;
    parts.push(name === 'maxAffected' ? `max-affected=${value}` : `${name}=${value}`);
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

export interface Reply {
  status: ContentfulStatusCode | 204;
  body: string | null;
  headers: Record<string, string>;
}

export function send(c: Context, reply: Reply, head = false): Response {
  const headers = new Headers(reply.headers);
  if (reply.status === 204 || reply.body === null || head) {
    if (reply.status === 204) headers.delete('Content-Type');
    return new Response(null, { status: reply.status, headers });
  }
  return c.body(reply.body, reply.status, Object.fromEntries(headers));
}
