// storage.buckets: read as the superuser where storage-api does (limits on upload, public downloads)
// and as the caller for the bucket API, so bucket policies decide there.
import type { Tx } from '../../db/database.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  type: string;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

const BUCKET_JSON = `json_build_object('id', b.id, 'name', b.name, 'owner', coalesce(b.owner::text, b.owner_id, ''),
  'owner_id', b.owner_id, 'public', coalesce(b.public, false), 'type', b.type,
  'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types,
  'created_at', b.created_at, 'updated_at', b.updated_at)`;

export async function findBucket(tx: Tx, id: string): Promise<BucketRow | null> {
  const { rows } = await tx.query<{ bucket: string }>(
    `select ${BUCKET_JSON}::text as bucket from storage.buckets b where b.id = $1`,
    [id],
  );
  return rows[0] ? (JSON.parse(rows[0].bucket) as BucketRow) : null;
}

export async function listBuckets(tx: Tx): Promise<BucketRow[]> {
  const { rows } = await tx.query<{ buckets: string }>(
    `select coalesce(json_agg(${BUCKET_JSON} order by b.name), '[]')::text as buckets
     from storage.buckets b`,
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
