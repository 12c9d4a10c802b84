// storage.objects rows. Every function takes the `Tx` it runs in: callers pick the role (the caller's
// via `db.asRole`, so the product's policies decide, or the superuser where storage-api uses one).
import type { Tx } from '../../db/database.ts';
import { isoMillis } from './iso-time.ts';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface NewObject {
  id: string;
  bucket: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
}

export interface StoredObject {
  id: string;
  bucket_id: string;
  name: string;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const COLUMNS = `(id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)`;
const VALUES = `($1, $2, $3, $4::uuid, $5, $6, $7::jsonb, $8::jsonb)`;

function valuesOf(row: NewObject): unknown[] {
  return [
    row.id,
    row.bucket,
    row.name,
    row.owner,
    row.owner,
    row.version,
    JSON.stringify(row.metadata),
    row.userMetadata === null ? null : JSON.stringify(row.userMetadata),
  ];
}

/** A plain INSERT: needs only an insert policy (no RETURNING, which would also need select). */
export async function insertObject(tx: Tx, row: NewObject): Promise<void> {
  await tx.query(`insert into storage.objects ${COLUMNS} values ${VALUES}`, valuesOf(row));
}

/** INSERT … ON CONFLICT DO UPDATE: Postgres then also applies the select and update policies. */
export async function upsertObject(tx: Tx, row: NewObject): Promise<void> {
  await tx.query(
    `insert into storage.objects ${COLUMNS} values ${VALUES}
     on conflict (bucket_id, name) do update set
       owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
       metadata = excluded.metadata, user_metadata = excluded.user_metadata, last_accessed_at = now()`,
    valuesOf(row),
  );
}

const OBJECT_JSON = `json_build_object('id', o.id, 'bucket_id', o.bucket_id, 'name', o.name,
  'version', o.version, 'metadata', o.metadata, 'user_metadata', o.user_metadata,
  'created_at', ${isoMillis('o.created_at')}, 'updated_at', ${isoMillis('o.updated_at')},
  'last_accessed_at', ${isoMillis('o.last_accessed_at')})`;

export async function findObject(
  tx: Tx,
  bucket: string,
  name: string,
): Promise<StoredObject | null> {
  const { rows } = await tx.query<{ object: string }>(
    `select ${OBJECT_JSON}::text as object from storage.objects o
     where o.bucket_id = $1 and o.name = $2`,
    [bucket, name],
  );
  return rows[0] ? (JSON.parse(rows[0].object) as StoredObject) : null;
}

/** Deletes the named objects the caller may delete (and see); returns the deleted rows. */
export async function deleteObjects(
  tx: Tx,
  bucket: string,
  names: string[],
): Promise<Record<string, unknown>[]> {
  const { rows } = await tx.query<{ deleted: string }>(
    `with deleted as (
       delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[]) returning o.*
     )
     select coalesce(json_agg(to_jsonb(d) - 'path_tokens' || jsonb_build_object(
       'created_at', ${isoMillis('d.created_at')}, 'updated_at', ${isoMillis('d.updated_at')},
       'last_accessed_at', ${isoMillis('d.last_accessed_at')}) order by d.name), '[]')::text as deleted
     from deleted d`,
    [bucket, names],
  );
  return JSON.parse(rows[0]?.deleted ?? '[]') as Record<string, unknown>[];
}

/** Renames an object (`move`); returns false when the caller cannot update it. */
export async function renameObject(
  tx: Tx,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
): Promise<boolean> {
  const result = await tx.query(
    `update storage.objects set bucket_id = $3, name = $4, last_accessed_at = now()
     where bucket_id = $1 and name = $2`,
    [from.bucket, from.name, to.bucket, to.name],
  );
  return (result.affectedRows ?? 0) > 0;
}

/** The versions of every object in a bucket (superuser: emptying a bucket removes their files). */
export async function versionsInBucket(
  tx: Tx,
  bucket: string,
): Promise<{ name: string; version: string | null }[]> {
  const { rows } = await tx.query<{ versions: string }>(
    `select coalesce(json_agg(json_build_object('name', name, 'version', version)), '[]')::text as versions
     from storage.objects where bucket_id = $1`,
    [bucket],
  );
  return JSON.parse(rows[0]?.versions ?? '[]') as { name: string; version: string | null }[];
}
