// `POST /object/list-v2/<bucket>` as storage-api answers it (`ObjectStorage.listObjectsV2` and the
// `search_v2` / `list_objects_with_delimiter` / `search_by_timestamp` functions of supabase/storage):
// names are whole keys, pages are cut by a cursor (never an offset), and with a delimiter every
// sub-folder is one entry named `<folder>/`. Run as the caller, so the select policy decides.
import type { Tx } from '../../db/database.ts';
import { isoMillis } from './iso-time.ts';
import type { ListEntry } from './list.ts';

export type SortColumnV2 = 'name' | 'updated_at' | 'created_at';

/** Where the previous page ended: the last entry's name, and its sort column's value. */
export interface ListV2Cursor {
  startAfter: string;
  sortOrder: 'asc' | 'desc';
  sortColumn?: SortColumnV2 | undefined;
  sortColumnAfter?: string | undefined;
}

export interface ListV2Options {
  prefix: string;
  /** Entries on a page (1–1000). */
  limit: number;
  withDelimiter: boolean;
  sortColumn: SortColumnV2;
  sortOrder: 'asc' | 'desc';
  cursor?: ListV2Cursor | undefined;
}

/** A row as storage-api's functions return it; folders have `id: null`. */
export interface ListV2Row extends ListEntry {
  key?: string;
  user_metadata?: Record<string, unknown> | null;
}

/**
 * One page plus one entry (so the caller knows whether there is a next page). The sort column and
 * order come from fixed sets (checked by the route), never from raw input.
 */
export async function listObjectsV2(
  tx: Tx,
  bucket: string,
  options: ListV2Options,
): Promise<ListV2Row[]> {
  return options.withDelimiter ? listLevel(tx, bucket, options) : listFlat(tx, bucket, options);
}

/** Every object under the prefix, at any depth. */
async function listFlat(tx: Tx, bucket: string, options: ListV2Options): Promise<ListV2Row[]> {
  const { sortColumn, sortOrder, cursor } = options;
  const byTime = sortColumn !== 'name';
  const op = sortOrder === 'asc' ? '>' : '<';
  const params: unknown[] = [bucket, options.prefix, options.limit + 1];
  let after = '';
  if (cursor?.startAfter) {
    params.push(cursor.startAfter);
    if (byTime && cursor.sortColumnAfter) {
      params.push(cursor.sortColumnAfter);
      after = `and (date_trunc('milliseconds', o.${sortColumn}), o.name collate "C") ${op}
                    (coalesce(nullif($5, '')::timestamptz, 'epoch'::timestamptz), $4)`;
    } else {
      after = `and o.name collate "C" ${op} $4`;
    }
  }
  const order = byTime
    ? `date_trunc('milliseconds', o.${sortColumn}) ${sortOrder}, o.name collate "C" ${sortOrder}`
    : `o.name collate "C" ${sortOrder}`;
  const { rows } = await tx.query<{ page: string }>(
    `select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'metadata', p.metadata,
       'updated_at', ${isoMillis('p.updated_at')}, 'created_at', ${isoMillis('p.created_at')},
       'last_accessed_at', ${isoMillis('p.last_accessed_at')}) order by p.position), '[]')::text as page
     from (
       select o.*, row_number() over (order by ${order}) as position
       from storage.objects o
       where o.bucket_id = $1 and starts_with(o.name, $2) ${after}
       order by ${order} limit $3
     ) p`,
    params,
  );
  return JSON.parse(rows[0]?.page ?? '[]') as ListV2Row[];
}

/**
 * One level under the prefix: the objects directly in it and one entry per sub-folder (named
 * without its trailing slash here; the route adds it). Sorted by name, a folder takes the place of
 * `<folder>/` among the names, as storage-api's skip-scan meets it; sorted by a timestamp, a folder
 * carries its oldest object's `created_at` in both timestamps, as `search_by_timestamp` does.
 */
async function listLevel(tx: Tx, bucket: string, options: ListV2Options): Promise<ListV2Row[]> {
  const { prefix, sortColumn, sortOrder, cursor } = options;
  const byTime = sortColumn !== 'name';
  const op = sortOrder === 'asc' ? '>' : '<';
  // storage-api's `levels`: which `/`-separated part of a name is its `key`.
  const levels = prefix === '' ? 1 : prefix.split('/').length;
  const params: unknown[] = [bucket, prefix, options.limit + 1, levels];
  let after = '';
  if (cursor?.startAfter) {
    params.push(cursor.startAfter);
    if (byTime) {
      params.push(cursor.sortColumnAfter ?? '');
      after = `where (date_trunc('milliseconds', e.${sortColumn}), e.name collate "C") ${op}
                     (coalesce(nullif($6, '')::timestamptz, 'epoch'::timestamptz), $5)`;
    } else {
      // A cursor naming a folder continues after everything inside it.
      after = `where e.seek collate "C" ${op} (case when exists (select 1 from storage.objects x
                 where x.bucket_id = $1 and starts_with(x.name, $5 || '/')) then $5 || '/' else $5 end)`;
    }
  }
  const order = byTime
    ? `coalesce(date_trunc('milliseconds', e.${sortColumn}), 'epoch'::timestamptz) ${sortOrder},
       e.name collate "C" ${sortOrder}`
    : `e.seek collate "C" ${sortOrder}`;
  const { rows } = await tx.query<{ page: string }>(
    `with matched as (
       select o.*, strpos(substr(o.name, char_length($2) + 1), '/') as slash
       from storage.objects o
       where o.bucket_id = $1 and starts_with(o.name, $2)
     ), entries as (
       select left(name, char_length($2) + slash - 1) as name,
              left(name, char_length($2) + slash) as seek,
              null::uuid as id, min(created_at) as updated_at, min(created_at) as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata, null::jsonb as user_metadata
       from matched where slash > 0 group by 1, 2
       union all
       select name, name, id, updated_at, created_at, last_accessed_at, metadata, user_metadata
       from matched where slash = 0
     ), page as (
       select e.*, row_number() over (order by ${order}) as position
       from entries e ${after}
       order by ${order} limit $3
     )
     select coalesce(json_agg(json_build_object('key', split_part(name, '/', $4), 'name', name,
       'id', id,
       'updated_at', ${byTime ? isoMillis('updated_at') : `case when id is null then null else ${isoMillis('updated_at')} end`},
       'created_at', ${byTime ? isoMillis('created_at') : `case when id is null then null else ${isoMillis('created_at')} end`},
       'last_accessed_at', ${isoMillis('last_accessed_at')}, 'metadata', metadata,
       'user_metadata', user_metadata) order by position), '[]')::text as page
     from page`,
    params,
  );
  return JSON.parse(rows[0]?.page ?? '[]') as ListV2Row[];
}
