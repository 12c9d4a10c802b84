// `npm run dataset:archive` must produce what `sanity dataset import` reads: the layout of
// `sanity dataset export` (one top folder; data.ndjson without asset documents; every asset the
// documents point at as a file under images/ or files/; assets.json with the asset documents' fields).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDatasetArchive } from '../../../scripts/dataset/write-archive';

const datasetDir = 'src/content/dataset';

describe('the dataset archive for sanity dataset import', () => {
  let dir: string;
  let entries: string[];
  let ndjson: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dataset-archive-test-'));
    const outFile = join(dir, 'out', 'production.tar.gz');
    writeDatasetArchive({ datasetDir, outFile, folderName: 'production' });
    const list = spawnSync('tar', ['-tzf', outFile], { encoding: 'utf8' });
    expect(list.status).toBe(0);
    entries = list.stdout.split('\n').filter((line) => line !== '' && !line.endsWith('/'));
    const extract = spawnSync('tar', ['-xzf', outFile, '-C', dir], { encoding: 'utf8' });
    expect(extract.status).toBe(0);
    ndjson = readFileSync(join(dir, 'production', 'data.ndjson'), 'utf8');
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds one top folder with data.ndjson, assets.json and the images', () => {
    expect(new Set(entries.map((entry) => entry.split('/')[0]))).toEqual(new Set(['production']));
    expect(entries).toContain('production/data.ndjson');
    expect(entries).toContain('production/assets.json');
    expect(entries.some((entry) => entry.startsWith('production/images/'))).toBe(true);
  });

  it('has the same documents as the dataset, one JSON document per line, no asset documents', () => {
    const lines = ndjson.trim().split('\n');
    expect(ndjson).toBe(readFileSync(join(datasetDir, 'data.ndjson'), 'utf8'));
    for (const line of lines) {
      const doc = JSON.parse(line) as { _id?: unknown; _type?: unknown };
      expect(typeof doc._id).toBe('string');
      expect(typeof doc._type).toBe('string');
      expect(doc._type).not.toMatch(/^sanity\.(image|file)Asset$/);
    }
    expect(lines.length).toBeGreaterThan(100);
  });

  it('ships every file a document points at, and describes each in assets.json', () => {
    const pointers = [...ndjson.matchAll(/"_sanityAsset":"(image|file)@file:\/\/\.\/([^"]+)"/g)];
    expect(pointers.length).toBeGreaterThan(0);
    const assets = JSON.parse(
      readFileSync(join(dir, 'production', 'assets.json'), 'utf8'),
    ) as Record<string, unknown>;
    for (const [, kind, path] of pointers) {
      expect(entries).toContain(`production/${path}`);
      const sha1 = /([a-f0-9]{40})/.exec(path ?? '')?.[1];
      expect(assets, `${String(path)} in assets.json`).toHaveProperty(
        `${String(kind)}-${String(sha1)}`,
      );
    }
  });
});
