// Which stored files have a row: what the start-up sweep (files.ts) keeps.
import type { Database } from '../../db/database.ts';
import type { FileEntry } from '../files.ts';

/** A lookup of every (bucket, version) storage.objects names, read as the superuser. */
export async function loadStoredVersions(db: Database): Promise<(entry: FileEntry) => boolean> {
  const { rows } = await db.query<{ key: string }>(
    `select bucket_id || '/' || version as key from storage.objects where version is not null`,
  );
  const known = new Set(rows.map((row) => row.key));
  return (entry) => known.has(`${entry.bucket}/${entry.version}`);
}
