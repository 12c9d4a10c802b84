// `POST /object/list/<bucket>`: one level of a bucket like storage-api's `storage.search()`: the
// objects directly under the prefix, and one entry per sub-folder with `id: null` and no metadata.
import type { Tx } from '../../db/database.ts';
import { isoMillis } from './iso-time.ts';

export type SortColumn = 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortColumn: SortColumn;
  sortOrder: 'asc' | 'desc';
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

/** Text matched literally inside a LIKE pattern (with `escape '\\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listObjects(
  tx: Tx,
  bucket: string,
  options: ListOptions,
): Promise<ListEntry[]> {
  // The column and order come from a fixed set (checked by the route), never from raw input.
  const order = `${options.sortColumn} ${options.sortOrder}`;
  const { rows } = await tx.query<{ entries: string }>(
    `with matched as (
       select substr(o.name, char_length($2) + 1) as rest, o.id, o.updated_at, o.created_at,
              o.last_accessed_at, o.metadata
       from storage.objects o
       where o.bucket_id = $1 and starts_with(o.name, $2)
     ), entries as (
       select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from matched where strpos(rest, '/') > 0 group by 1
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata
       from matched where strpos(rest, '/') = 0
     ), page as (
       select e.*, row_number() over (order by ${order}, name) as position
       from entries e where e.name ilike $3 || '%' escape '\\'
       order by ${order}, name limit $4 offset $5
     )
     select coalesce(json_agg(json_build_object('name', name, 'id', id, 'updated_at', ${isoMillis('updated_at')},
       'created_at', ${isoMillis('created_at')}, 'last_accessed_at', ${isoMillis('last_accessed_at')},
       'metadata', metadata)
       order by position), '[]')::text as entries
     from page`,
    [bucket, options.prefix, escapeLike(options.search), options.limit, options.offset],
  );
  return JSON.parse(rows[0]?.entries ?? '[]') as ListEntry[];
}
