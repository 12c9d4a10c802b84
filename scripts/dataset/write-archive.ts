/**
 * The dataset as the archive `sanity dataset export` writes and `sanity dataset import` reads: a
 * gzipped tar with one top folder holding `data.ndjson`, `assets.json` and `images/` (and `files/`).
 * Uses the system `tar` (GNU or BSD), which every machine that runs the Sanity CLI has.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface ArchiveOptions {
  /** A folder in the export layout (src/content/dataset). */
  datasetDir: string;
  /** The `.tar.gz` to write. */
  outFile: string;
  /** The archive's top folder, as the export names it after the dataset. */
  folderName: string;
}

/** The parts of an export folder that belong in the archive; `data.ndjson` is required. */
const exportParts = ['data.ndjson', 'assets.json', 'images', 'files'];

export function writeDatasetArchive({ datasetDir, outFile, folderName }: ArchiveOptions): void {
  if (!existsSync(join(datasetDir, 'data.ndjson'))) {
    throw new Error(`${datasetDir} has no data.ndjson: not a dataset export`);
  }
  const staging = mkdtempSync(join(tmpdir(), 'dataset-archive-'));
  try {
    const top = join(staging, folderName);
    mkdirSync(top);
    for (const part of exportParts) {
      const from = join(datasetDir, part);
      if (existsSync(from)) cpSync(from, join(top, part), { recursive: true });
    }
    mkdirSync(dirname(resolve(outFile)), { recursive: true });
    const tar = spawnSync('tar', ['-czf', resolve(outFile), '-C', staging, folderName], {
      encoding: 'utf8',
    });
    if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr || String(tar.error)}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
