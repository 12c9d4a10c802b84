// `listV2` (`POST /object/list-v2/<bucket>`): a bucket listed in pages cut by an opaque cursor, as
// storage-api answers it: `{hasNext, nextCursor, nextCursorKey, folders, objects}` (the two cursor
// fields only when there is a next page), whole keys as names, folders as `<folder>/`.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/service.ts';
import { asCaller } from '../caller.ts';
import type { StorageContext } from '../context.ts';
import { storageError } from '../errors.ts';
import { readJsonBody } from '../json-body.ts';
import { checkBucketName } from '../names.ts';
import { listObjectsV2, type ListV2Cursor, type ListV2Row } from '../sql/list-v2.ts';

const order = z.enum(['asc', 'desc']);
const column = z.enum(['name', 'updated_at', 'created_at']);

const body = z.object({
  prefix: z.string().optional(),
  limit: z.coerce.number().int().min(1).optional(),
  cursor: z.string().optional(),
  with_delimiter: z.boolean().optional(),
  sortBy: z.object({ column, order: order.optional() }).optional(),
});

/** storage-api's maximum page, also its default. */
const MAX_PAGE = 1000;

// The cursor is storage-api's: base64 of `l:<last name>`, `o:<order>`, `c:<column>`, `a:<value>`
// lines, so a cursor from either server reads the same way.
const CURSOR_PARTS = {
  l: 'startAfter',
  o: 'sortOrder',
  c: 'sortColumn',
  a: 'sortColumnAfter',
} as const;

function encodeCursor(cursor: { [K in keyof ListV2Cursor]?: string | undefined }): string {
  const lines = Object.entries(CURSOR_PARTS)
    .filter(([, field]) => cursor[field])
    .map(([part, field]) => `${part}:${cursor[field]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): ListV2Cursor {
  const cursor: Record<string, string> = { startAfter: '', sortOrder: 'asc' };
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(line);
    const field = match ? CURSOR_PARTS[match[1] as keyof typeof CURSOR_PARTS] : undefined;
    if (!match || !field) {
      throw storageError(400, 'InvalidParameter', 'Invalid Parameter continuation token');
    }
    cursor[field] = match[2] ?? '';
  }
  const sortOrder = order.safeParse(cursor['sortOrder']);
  const sortColumn = column.optional().safeParse(cursor['sortColumn']);
  if (!sortOrder.success || !sortColumn.success) {
    throw storageError(400, 'InvalidParameter', 'Invalid Parameter continuation token');
  }
  return {
    startAfter: cursor['startAfter'] ?? '',
    sortOrder: sortOrder.data,
    sortColumn: sortColumn.data,
    sortColumnAfter: cursor['sortColumnAfter'],
  };
}

export function addListV2Routes(app: Hono<AppEnv>, ctx: StorageContext): void {
  app.post('/object/list-v2/:bucket', async (c) => {
    const bucket = checkBucketName(c.req.param('bucket'));
    const caller = await asCaller(c, ctx);
    const request = await readJsonBody(c, body);
    const limit = Math.min(request.limit ?? MAX_PAGE, MAX_PAGE);
    const cursor = request.cursor ? decodeCursor(request.cursor) : undefined;
    // A cursor carries the order it was made with; it wins over the request's, as in storage-api.
    const sortOrder = cursor?.sortOrder ?? request.sortBy?.order;
    const sortColumn = cursor?.sortColumn ?? request.sortBy?.column;
    const rows = await caller.run((tx) =>
      listObjectsV2(tx, bucket, {
        prefix: request.prefix ?? '',
        limit,
        withDelimiter: request.with_delimiter === true,
        sortColumn: sortColumn ?? 'name',
        sortOrder: sortOrder ?? 'asc',
        cursor,
      }),
    );
    const hasNext = rows.length > limit;
    const page = rows.slice(0, limit);
    const folders: ListV2Row[] = [];
    const objects: ListV2Row[] = [];
    for (const row of page) {
      if (row.id === null) folders.push({ ...row, name: `${row.name}/` });
      else objects.push(row);
    }
    const last = page.at(-1);
    if (!hasNext || !last) return c.json({ hasNext, folders, objects });
    const after = sortColumn && sortColumn !== 'name' ? last[sortColumn] : null;
    const nextCursor = encodeCursor({
      startAfter: last.name,
      sortOrder,
      sortColumn,
      sortColumnAfter: after ? new Date(after).toISOString() : undefined,
    });
    return c.json({ hasNext, nextCursor, nextCursorKey: last.name, folders, objects });
  });
}
