// Test databases start from a template data directory (bootstrap + migrations + seed) built once and
// cached by the hash of everything that went into it; copying it takes ~0.1 s, initdb takes 5–13 s.
import { createRequire } from 'node:module';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { readBootstrapFiles } from './bootstrap.ts';
import { openDatabase } from './database.ts';
import { readMigrations } from './migrate.ts';
import { prepareDatabase, type PrepareOptions } from './prepare.ts';
import { hashText, readSqlFile } from './sql-files.ts';

const READY_MARK = 'template-ready';
const KEEP_TEMPLATES = 4;
const LOCK_STALE_MS = 180_000;

export interface TemplateOptions extends PrepareOptions {
  /** Where templates are cached, one subdirectory per input hash. */
  cacheDir: string;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function readPgliteVersion(): Promise<string> {
  // The package's exports hide package.json; its entry point sits in dist/.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = await readFile(join(dirname(entry), '..', 'package.json'), 'utf8');
  return (JSON.parse(manifest) as { version: string }).version;
}

/** A hash of every input of a template, so a changed migration or bootstrap file builds a new one. */
export async function hashTemplateInputs(options: PrepareOptions): Promise<string> {
  const parts = [`pglite ${await readPgliteVersion()}`];
  for (const file of await readBootstrapFiles()) parts.push(`bootstrap ${file.name} ${file.hash}`);
  for (const file of await readMigrations(options.migrationsDir)) {
    parts.push(`migration ${file.name} ${file.hash}`);
  }
  for (const path of options.seedPaths) {
    const file = await readSqlFile(relative(options.supabaseDir, path), path).catch(() => null);
    if (file) parts.push(`seed ${file.name} ${file.hash}`);
  }
  return hashText(parts.join('\n')).slice(0, 16);
}

async function build(dir: string, options: PrepareOptions): Promise<void> {
  const building = `${dir}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: join(building, 'pgdata') });
  try {
    await prepareDatabase(db, options);
  } finally {
    await db.close();
  }
  await writeFile(join(building, READY_MARK), new Date().toISOString());
  try {
    await rename(building, dir);
  } catch {
    // Another process finished the same template first; theirs is identical.
    await rm(building, { recursive: true, force: true });
  }
}

/** Waits for another process's build (a lock directory), or takes the lock; true when we hold it. */
async function acquireLock(lock: string, dir: string): Promise<boolean> {
  for (;;) {
    if (await exists(join(dir, READY_MARK))) return false;
    try {
      await mkdir(lock);
      return true;
    } catch {
      const age =
        Date.now() -
        (await stat(lock).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        ));
      if (age > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function pruneOldTemplates(cacheDir: string, keep: string): Promise<void> {
  const entries = await readdir(cacheDir, { withFileTypes: true });
  const templates = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && entry.name !== keep && !entry.name.includes('.'))
      .map(async (entry) => ({
        path: join(cacheDir, entry.name),
        mtime: (await stat(join(cacheDir, entry.name))).mtimeMs,
      })),
  );
  templates.sort((a, b) => b.mtime - a.mtime);
  for (const old of templates.slice(KEEP_TEMPLATES - 1)) {
    await rm(old.path, { recursive: true, force: true });
  }
}

/**
 * Returns a ready template data directory for these inputs, building it if needed. Safe to call from
 * several test processes at once: one builds, the others wait.
 */
export async function ensureTemplate(options: TemplateOptions): Promise<string> {
  const hash = await hashTemplateInputs(options);
  const dir = join(options.cacheDir, hash);
  const pgdata = join(dir, 'pgdata');
  if (await exists(join(dir, READY_MARK))) return pgdata;
  await mkdir(options.cacheDir, { recursive: true });
  const lock = `${dir}.lock`;
  if (!(await acquireLock(lock, dir))) return pgdata;
  try {
    if (!(await exists(join(dir, READY_MARK)))) await build(dir, options);
    await pruneOldTemplates(options.cacheDir, hash);
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
  return pgdata;
}
