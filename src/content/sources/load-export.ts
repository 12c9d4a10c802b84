import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assetDocumentId,
  assetFileName,
  mimeTypeOf,
  parseSanityAssetRef,
  type AssetFileName,
} from './export-layout.ts';
import { formatPath } from '../validate.ts';

export interface SanityDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

/** A dataset export turned back into the documents hosted Sanity holds. */
export interface LoadedExport {
  /** Every document, drafts included, plus one `sanity.imageAsset`/`sanity.fileAsset` per file. */
  documents: SanityDocument[];
  /** Asset document `_id` → absolute path of its file in the export. */
  assetFiles: Map<string, string>;
}

interface AssetUrlBase {
  projectId: string;
  dataset: string;
}

/**
 * Reads an export folder and restores what `sanity dataset export` took apart: each
 * `_sanityAsset` placeholder becomes `asset: { _type: 'reference', _ref }` again, and each file
 * becomes an asset document with the fields Sanity gives one (`url`, `path`, `mimeType`,
 * `metadata.dimensions`, …), so GROQ written for hosted Sanity (`asset->url`) works unchanged.
 */
export async function loadExport(dir: string, base: AssetUrlBase): Promise<LoadedExport> {
  const ndjsonPath = join(dir, 'data.ndjson');
  if (!existsSync(ndjsonPath)) {
    throw new Error(
      `No content dataset at ${dir}: data.ndjson is missing (run \`npm run dataset\`)`,
    );
  }
  const [ndjson, assetMeta, files] = await Promise.all([
    readFile(ndjsonPath, 'utf8'),
    readAssetMeta(dir),
    listAssetFiles(dir),
  ]);

  const assets = new Map<string, SanityDocument>();
  const assetFiles = new Map<string, string>();
  const documents: SanityDocument[] = [];

  // Rewrites placeholders in place (the parsed lines are ours) and keeps the field path as a
  // stack, joined only for an error message: exports of thousands of documents load in a blink.
  const restore = (value: object, doc: SanityDocument, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        if (item === null || typeof item !== 'object') return;
        path.push(i);
        restore(item, doc, path);
        path.pop();
      });
      return;
    }
    const record = value as Record<string, unknown>;
    if ('_sanityAsset' in record) {
      const id = restoreAsset(record['_sanityAsset'], doc, path);
      delete record['_sanityAsset'];
      record['asset'] = { _type: 'reference', _ref: id };
    }
    for (const key in record) {
      const child = record[key];
      if (child === null || typeof child !== 'object') continue;
      path.push(key);
      restore(child, doc, path);
      path.pop();
    }
  };

  const restoreAsset = (ref: unknown, doc: SanityDocument, path: (string | number)[]): string => {
    const parsed = typeof ref === 'string' ? parseSanityAssetRef(ref) : null;
    const where = `${doc._type} "${doc._id}": field "${formatPath(path)}"`;
    if (parsed === null)
      throw new Error(`Invalid ${where} has an unreadable asset reference ${JSON.stringify(ref)}`);
    const fileName = assetFileName(parsed.file);
    if (!files.has(`${parsed.folder}/${fileName}`)) {
      throw new Error(`Invalid ${where} points to a missing file ${parsed.folder}/${fileName}`);
    }
    const id = assetDocumentId(parsed.file);
    if (!assets.has(id)) {
      assets.set(
        id,
        assetDocument(parsed.file, assetMeta[`${parsed.file.kind}-${parsed.file.sha1}`], base),
      );
      assetFiles.set(id, join(dir, parsed.folder, fileName));
    }
    return id;
  };

  ndjson.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const doc = parseDocument(line, index + 1);
    restore(doc, doc, []);
    documents.push(doc);
  });
  return { documents: [...documents, ...assets.values()], assetFiles };
}

function parseDocument(line: string, lineNumber: number): SanityDocument {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new Error(`data.ndjson line ${String(lineNumber)} is not JSON`, { cause: error });
  }
  const doc = value as Partial<SanityDocument> | null;
  if (typeof doc?._id !== 'string' || typeof doc._type !== 'string') {
    throw new Error(
      `data.ndjson line ${String(lineNumber)} is not a document (needs _id and _type)`,
    );
  }
  return doc as SanityDocument;
}

async function readAssetMeta(
  dir: string,
): Promise<Record<string, Record<string, unknown> | undefined>> {
  const path = join(dir, 'assets.json');
  if (!existsSync(path)) return {};
  return JSON.parse(await readFile(path, 'utf8')) as Record<
    string,
    Record<string, unknown> | undefined
  >;
}

async function listAssetFiles(dir: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const folder of ['images', 'files']) {
    if (!existsSync(join(dir, folder))) continue;
    for (const name of await readdir(join(dir, folder))) found.add(`${folder}/${name}`);
  }
  return found;
}

function assetDocument(
  file: AssetFileName,
  meta: Record<string, unknown> | undefined,
  { projectId, dataset }: AssetUrlBase,
): SanityDocument {
  const folder = `${file.kind}s`;
  const path = `${folder}/${projectId}/${dataset}/${assetFileName(file)}`;
  const extra = meta ?? {};
  const metadata = (extra['metadata'] ?? {}) as Record<string, unknown>;
  return {
    ...extra,
    _id: assetDocumentId(file),
    _type: file.kind === 'image' ? 'sanity.imageAsset' : 'sanity.fileAsset',
    assetId: file.sha1,
    sha1hash: file.sha1,
    extension: file.extension,
    mimeType: mimeTypeOf(file.extension),
    path,
    url: `https://cdn.sanity.io/${path}`,
    ...(file.width !== null && file.height !== null
      ? {
          metadata: {
            _type: 'sanity.imageMetadata',
            ...metadata,
            dimensions: {
              _type: 'sanity.imageDimensions',
              width: file.width,
              height: file.height,
              aspectRatio: file.width / file.height,
            },
          },
        }
      : {}),
  };
}
