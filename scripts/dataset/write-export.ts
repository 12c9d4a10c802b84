import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Doc } from './compile-documents.ts';
import type { RasterImage } from './rasterize.ts';

/**
 * Writes the layout `sanity dataset export` produces (unpacked): `data.ndjson` with one document
 * per line, `images/`, and `assets.json` with the asset documents' extra fields. Documents are
 * sorted by `_id` so an unchanged source gives a byte-identical export.
 */
export async function writeExport(
  dir: string,
  documents: readonly Doc[],
  images: readonly RasterImage[],
): Promise<void> {
  await mkdir(join(dir, 'images'), { recursive: true });
  const sorted = [...documents].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  await writeFile(
    join(dir, 'data.ndjson'),
    sorted.map((doc) => JSON.stringify(doc)).join('\n') + '\n',
  );
  const byPath = new Map(images.map((image) => [image.path, image]));
  await Promise.all(
    [...byPath.values()].map((image) => writeFile(join(dir, image.path), image.data)),
  );
  const meta = Object.fromEntries(
    [...byPath.values()]
      .sort((a, b) => a.metaKey.localeCompare(b.metaKey))
      .map((image) => [image.metaKey, image.meta]),
  );
  await writeFile(join(dir, 'assets.json'), JSON.stringify(meta, null, 2) + '\n');
}
