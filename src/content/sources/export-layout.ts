/**
 * The file layout `sanity dataset export` writes, and Sanity's asset id rules.
 *
 * An export holds `data.ndjson` (asset documents removed, every asset field rewritten to
 * `{ _sanityAsset: "image@file://./images/<sha1>-<w>x<h>.<ext>", ...otherFields }`), the files in
 * `images/` and `files/`, and `assets.json` (extra asset-document fields keyed `image-<sha1>`).
 * See @sanity/export `AssetHandler` (`generateFilename`, `findAndModify`).
 */

export interface AssetFileName {
  kind: 'image' | 'file';
  sha1: string;
  extension: string;
  /** Only for images: Sanity encodes the pixel size in the id. */
  width: number | null;
  height: number | null;
}

const imageFile = /^([a-f0-9]{40})-(\d+)x(\d+)\.([a-z0-9]+)$/;
const plainFile = /^([a-f0-9]{40})\.([a-z0-9]+)$/;
const sanityAssetRef = /^(image|file)@file:\/\/\.\/(images|files)\/([^/]+)$/;

const mimeTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** Parses a `_sanityAsset` value; null when it is not a local export file reference. */
export function parseSanityAssetRef(value: string): { folder: string; file: AssetFileName } | null {
  const match = sanityAssetRef.exec(value);
  if (match === null) return null;
  const [, kind, folder, name] = match as unknown as [string, 'image' | 'file', string, string];
  const file = parseAssetFileName(kind, name);
  return file === null || folder !== `${kind}s` ? null : { folder, file };
}

export function parseAssetFileName(kind: 'image' | 'file', name: string): AssetFileName | null {
  if (kind === 'image') {
    const match = imageFile.exec(name);
    if (match === null) return null;
    const [, sha1, width, height, extension] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    return { kind, sha1, extension, width: Number(width), height: Number(height) };
  }
  const match = plainFile.exec(name);
  if (match === null) return null;
  const [, sha1, extension] = match as unknown as [string, string, string];
  return { kind, sha1, extension, width: null, height: null };
}

/**
 * The asset document `_id` Sanity gives an uploaded file.
 * @example assetDocumentId({ kind: 'image', sha1: 'ab…', width: 1200, height: 675, extension: 'jpg' })
 *          // 'image-ab…-1200x675-jpg'
 */
export function assetDocumentId(file: AssetFileName): string {
  return file.kind === 'image'
    ? `image-${file.sha1}-${String(file.width)}x${String(file.height)}-${file.extension}`
    : `file-${file.sha1}-${file.extension}`;
}

/** The file name inside `images/` or `files/`, as the exporter writes it. */
export function assetFileName(file: AssetFileName): string {
  return file.kind === 'image'
    ? `${file.sha1}-${String(file.width)}x${String(file.height)}.${file.extension}`
    : `${file.sha1}.${file.extension}`;
}

export function mimeTypeOf(extension: string): string {
  return mimeTypes[extension] ?? 'application/octet-stream';
}
