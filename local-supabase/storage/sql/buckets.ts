// storage.buckets: read as the superuser where storage-api does (limits on upload, public downloads)
// and as the caller for the bucket API, so bucket policies decide there.
import type { Tx } from '../../db/database.ts';
import { isoMillis } from './iso-time.ts';
import { escapeLike } from './list.ts';

/** A bucket as storage-api's `GET /bucket/<id>` answers it (its `bucketSchema`, in that order). */
export interface BucketRow {
  id: string;
  name: string;
  owner: string;
  public: boolean;
  /** Only in `GET /bucket`, where storage-api adds it (always `STANDARD` for these buckets). */
  type?: 'STANDARD';
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

/**
 * storage-api selects these columns and serialises them with its response schema: an absent owner
 * is `""`, timestamps are JavaScript dates (`2021-02-17T04:43:32.770Z`); `owner_id` is never sent.
 */
function bucketJson(withType: boolean): string {
  return `json_build_object('id', b.id, 'name', b.name, 'owner', coalesce(b.owner::text, ''),
    'public', coalesce(b.public, false),${withType ? ` 'type', 'STANDARD',` : ''}
    'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types,
    'created_at', ${isoMillis('b.created_at')}, 'updated_at', ${isoMillis('b.updated_at')})`;
}

export async function findBucket(tx: Tx, id: string): Promise<BucketRow | null> {
  const { rows } = await tx.query<{ bucket: string }>(
    `select ${bucketJson(false)}::text as bucket from storage.buckets b where b.id = $1`,
    [id],
  );
  return rows[0] ? (JSON.parse(rows[0].bucket) as BucketRow) : null;
}

/** `listBuckets({ limit, offset, sortColumn, sortOrder, search })` as storage-api reads them. */
export interface BucketListOptions {
  limit?: number | undefined;
  offset?: number | undefined;
  sortColumn?: 'id' | 'name' | 'created_at' | 'updated_at' | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
  /** Part of the name, any case. */
  search?: string | undefined;
}

export async function listBuckets(tx: Tx, options: BucketListOptions = {}): Promise<BucketRow[]> {
  // The column and order come from fixed sets (checked by the route); without one, by name.
  const order = `b.${options.sortColumn ?? 'name'} ${options.sortOrder ?? 'asc'}, b.id`;
  const { rows } = await tx.query<{ buckets: string }>(
    `select coalesce(json_agg(${bucketJson(true)} order by b.position), '[]')::text as buckets
     from (
       select b.*, row_number() over (order by ${order}) as position
       from storage.buckets b
       where $1 = '' or b.name ilike '%' || $1 || '%' escape '\\'
       order by ${order} limit $2 offset $3
     ) b`,
    [escapeLike(options.search ?? ''), options.limit ?? null, options.offset ?? 0],
  );
  return JSON.parse(rows[0]?.buckets ?? '[]') as BucketRow[];
}

export interface BucketSettings {
  public?: boolean | undefined;
  fileSizeLimit?: number | null | undefined;
  allowedMimeTypes?: string[] | null | undefined;
}

export async function insertBucket(
  tx: Tx,
  id: string,
  name: string,
  owner: string | null,
  settings: BucketSettings,
): Promise<void> {
  await tx.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3::uuid, $4, $5, $6, $7)`,
    [
      id,
      name,
      owner,
      owner,
      settings.public ?? false,
      settings.fileSizeLimit ?? null,
      settings.allowedMimeTypes ?? null,
    ],
  );
}

/** Changes the given settings; returns false when the caller cannot see the bucket. */
export async function updateBucket(tx: Tx, id: string, settings: BucketSettings): Promise<boolean> {
  const result = await tx.query(
    `update storage.buckets set
       public = coalesce($2, public),
       file_size_limit = case when $3 then $4 else file_size_limit end,
       allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
       updated_at = now()
     where id = $1`,
    [
      id,
      settings.public ?? null,
      settings.fileSizeLimit !== undefined,
      settings.fileSizeLimit ?? null,
      settings.allowedMimeTypes !== undefined,
      settings.allowedMimeTypes ?? null,
    ],
  );
  return (result.affectedRows ?? 0) > 0;
}

export async function deleteBucket(tx: Tx, id: string): Promise<boolean> {
  const result = await tx.query(`delete from storage.buckets where id = $1`, [id]);
  return (result.affectedRows ?? 0) > 0;
}
