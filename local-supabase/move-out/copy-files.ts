// `npm run db:copy-files -- --to <project URL> --service-key <key>`: the bytes of every stored object
// of a local data directory, uploaded into the same bucket and path of another Supabase project
// through its Storage API (upsert, with the object's content type and cache control). Run it after
// loading the dump, whose storage.objects rows name the objects; the upload gives each its bytes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { extensions } from '../db/extensions.ts';

export interface CopyTarget {
  /** The project URL, e.g. https://<ref>.supabase.co or http://127.0.0.1:54321. */
  url: string;
  /** The target's service_role (or sb_secret_) key: uploads anywhere, past the storage policies. */
  serviceKey: string;
}

export interface CopyReport {
  copied: number;
  /** Objects whose bytes were missing here (`bucket/name`), or that the target refused (with why). */
  failed: { object: string; reason: string }[];
}

interface ObjectRow {
  bucket_id: string;
  name: string;
  version: string | null;
  mimetype: string | null;
  cache_control: string | null;
}

function objectUrl(target: CopyTarget, bucket: string, name: string): string {
  const path = name.split('/').map(encodeURIComponent).join('/');
  return `${target.url.replace(/\/$/, '')}/storage/v1/object/${encodeURIComponent(bucket)}/${path}`;
}

async function readObjects(dataDir: string): Promise<ObjectRow[]> {
  const pg = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions });
  try {
    const { rows } = await pg.query<ObjectRow>(
      `select bucket_id, name, version, metadata ->> 'mimetype' as mimetype,
              metadata ->> 'cacheControl' as cache_control
       from storage.objects order by bucket_id, name`,
    );
    return rows;
  } finally {
    await pg.close();
  }
}

export async function copyStoredFiles(dataDir: string, target: CopyTarget): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, failed: [] };
  for (const row of await readObjects(dataDir)) {
    const object = `${row.bucket_id}/${row.name}`;
    const bytes = row.version
      ? await readFile(
          join(dataDir, 'storage', encodeURIComponent(row.bucket_id), row.version),
        ).catch(() => null)
      : null;
    if (!bytes) {
      report.failed.push({ object, reason: 'its file is missing from the data directory' });
      continue;
    }
    const response = await fetch(objectUrl(target, row.bucket_id, row.name), {
      method: 'POST',
      headers: {
        apikey: target.serviceKey,
        Authorization: `Bearer ${target.serviceKey}`,
        'Content-Type': row.mimetype ?? 'application/octet-stream',
        // Stored as storage-api stores it, e.g. `max-age=3600`.
        'Cache-Control': row.cache_control ?? 'no-cache',
        'x-upsert': 'true',
      },
      body: bytes,
    });
    if (response.ok) report.copied++;
    else report.failed.push({ object, reason: `${response.status} ${await response.text()}` });
  }
  return report;
}
