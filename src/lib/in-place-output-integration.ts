import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { filesUnder } from './files-under';

/** Astro's incremental build manifest in the cache folder (astro/dist/core/build/incremental.js). */
export const incrementalManifestName = 'incremental-build.json';

/**
 * Incremental builds write into the previous build's output folder instead of an emptied one.
 *
 * Astro empties `outDir` before every build, so with `experimental.incrementalBuild` each of the
 * ~10,700 unchanged pages of a 2,000-article site was copied back from the cache one file at a
 * time: emptying and copying were ~9 s of a 36 s single-article build (bench/README.md). Astro
 * already keeps a reused page that is still in `outDir` (generate.js, `existsInDist`), so this
 * integration turns the emptying off (`vite.build.emptyOutDir: false`) and removes instead what
 * the build did not write or keep: the files of pages that are gone, old hashed assets, old
 * Pagefind fragments, a sitemap file no longer needed. After it `outDir` holds exactly what a
 * build into an empty folder writes. Pagefind's folder is the search index's to keep up to date.
 *
 * Which files are this build's: every file written during it (its modification time is not
 * older than a stamp file written when the build starts, on the same clock), and every page the
 * incremental manifest records (the reused pages left untouched). A file that was there when the
 * build started and is neither is removed: the pages before Pagefind reads them
 * (`astro:build:generated`; this integration is listed before the search index), everything else
 * once the last file is written (`astro:build:done`; listed last).
 *
 * Reused pages are only right if `outDir` is what this cache's last build left there. That is
 * recorded at the end of each build (the number of files and the newest modification time);
 * if the record is missing (first build, a build that failed part way, another cache) or does
 * not match the folder (another build wrote there since, files were changed by hand), the folder
 * is emptied as Astro would have, and reused pages are restored from the cache (page-store.ts).
 */
export function inPlaceOutput(): { beforePages: AstroIntegration; afterAll: AstroIntegration } {
  let outDir = '';
  let stateFile = '';
  let stampFile = '';
  let manifestFile = '';
  let stamp = 0n;

  /** The files in `outDir` when the build started (those it creates are never stale). */
  let before: string[] = [];

  /** The files of `outDir` this build neither wrote nor kept (Pagefind's folder left out). */
  const staleFiles = (): string[] => {
    const kept = keptPages();
    return before.filter((file) => {
      if (kept.has(file) || ownedBySearchIndex(file)) return false;
      const stats = statSync(join(outDir, file), { bigint: true, throwIfNoEntry: false });
      return stats !== undefined && stats.mtimeNs < stamp;
    });
  };

  /** The pages this build reused in place: those its incremental manifest records. */
  const keptPages = (): Set<string> => {
    const kept = new Set<string>();
    // Only a manifest this build wrote (none without `experimental.incrementalBuild`).
    const written = statSync(manifestFile, { bigint: true, throwIfNoEntry: false });
    if (written === undefined || written.mtimeNs < stamp) return kept;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      routes: Record<string, { paths: Record<string, { outputFile: string }> }>;
    };
    for (const route of Object.values(manifest.routes)) {
      for (const path of Object.values(route.paths)) kept.add(path.outputFile);
    }
    return kept;
  };

  const remove = (files: string[]): void => {
    const dirs = new Set<string>();
    for (const file of files) {
      rmSync(join(outDir, file), { force: true });
      dirs.add(dirname(join(outDir, file)));
    }
    // A deleted page's folder: a clean build has no empty folder either.
    for (const dir of [...dirs].sort((a, b) => b.length - a.length))
      removeEmptyParents(dir, outDir);
  };

  const beforePages: AstroIntegration = {
    name: 'polyglot-press:in-place-output',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command === 'build') updateConfig({ vite: { build: { emptyOutDir: false } } });
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        const cacheDir = fileURLToPath(config.cacheDir);
        stateFile = join(cacheDir, 'in-place-output.json');
        stampFile = join(cacheDir, 'in-place-output.stamp');
        manifestFile = join(cacheDir, incrementalManifestName);
      },
      'astro:build:start': ({ logger }) => {
        const { why, files } = checkFolder(outDir, stateFile);
        before = why === undefined ? files : [];
        // Until this build completes, the folder is not one a later build may reuse pages from.
        rmSync(stateFile, { force: true });
        if (why !== undefined) {
          logger.info(`${why}: emptying ${outDir}, reused pages are restored from the cache`);
          emptyFolder(outDir);
        }
        mkdirSync(dirname(stampFile), { recursive: true });
        writeFileSync(stampFile, String(Date.now())); // written, so its time is now
        stamp = statSync(stampFile, { bigint: true }).mtimeNs;
      },
      'astro:build:generated': () => {
        remove(staleFiles());
      },
    },
  };

  const afterAll: AstroIntegration = {
    name: 'polyglot-press:in-place-output-done',
    hooks: {
      'astro:build:done': ({ logger }) => {
        const stale = staleFiles();
        remove(stale);
        if (stale.length > 0) logger.info(`removed ${stale.length} files of the previous build`);
        writeFileSync(stateFile, JSON.stringify({ outDir, ...summary(listFiles(outDir)) }));
      },
    },
  };

  return { beforePages, afterAll };
}

/**
 * Pagefind's folder is kept up to date by the search index (search-index-integration.ts): it
 * leaves a fragment that is already there untouched, so its age says nothing.
 */
const ownedBySearchIndex = (file: string): boolean => file.startsWith('pagefind/');

/** A Git checkout of the output (a `gh-pages` worktree): Astro's emptying leaves `.git` too. */
const isGit = (file: string): boolean => file === '.git' || file.startsWith(`.git${sep}`);

interface FileEntry {
  file: string;
  mtimeNs: bigint;
}

function listFiles(dir: string): FileEntry[] {
  return filesUnder(dir)
    .filter((file) => !isGit(file))
    .map((file) => ({ file, mtimeNs: statSync(join(dir, file), { bigint: true }).mtimeNs }));
}

/** What the record of the folder's state holds: enough to notice another writer. */
function summary(files: FileEntry[]): { files: number; newest: string } {
  let newest = 0n;
  for (const { mtimeNs } of files) if (mtimeNs > newest) newest = mtimeNs;
  return { files: files.length, newest: String(newest) };
}

/**
 * The files in `outDir`, and why it may not hold what this cache's last build wrote (`undefined`
 * when it does).
 */
function checkFolder(outDir: string, stateFile: string): { why?: string; files: string[] } {
  let state: { outDir?: string; files?: number; newest?: string };
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as typeof state;
  } catch {
    return { why: 'no record of the output folder from a completed build', files: [] };
  }
  if (state.outDir !== outDir) return { why: 'the last build went to another folder', files: [] };
  const entries = listFiles(outDir);
  const now = summary(entries);
  if (now.files !== state.files || now.newest !== state.newest) {
    return { why: 'the output folder changed since the last build', files: [] };
  }
  return { files: entries.map(({ file }) => file) };
}

function emptyFolder(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!isGit(name)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function removeEmptyParents(dir: string, root: string): void {
  for (let current = dir; current.length > root.length && current.startsWith(root);) {
    try {
      rmdirSync(current);
    } catch {
      return; // not empty
    }
    current = dirname(current);
  }
}
