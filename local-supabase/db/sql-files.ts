import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SqlFile {
  /** The name recorded in the database (relative, stable across machines). */
  name: string;
  path: string;
  sql: string;
  hash: string;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export async function readSqlFile(name: string, path: string): Promise<SqlFile> {
  const sql = await readFile(path, 'utf8');
  return { name, path, sql, hash: hashText(sql) };
}

/** The `.sql` files of a directory in name order; a missing directory has none. */
export async function listSqlFiles(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names.filter((name) => name.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function readSqlDir(dir: string, prefix = ''): Promise<SqlFile[]> {
  const names = await listSqlFiles(dir);
  return Promise.all(names.map((name) => readSqlFile(prefix + name, join(dir, name))));
}
