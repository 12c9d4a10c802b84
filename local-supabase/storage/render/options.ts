// Image transformation options as storage-api takes them: from the query string of
// `/render/image/public|authenticated/...` (`width`, `height`, `resize`, `quality`, `format`), or from
// the `transformations` claim of a signed URL (`width:200,height:200,resize:cover`), which
// storage-api writes when `createSignedUrl(path, s, { transform })` is called and reads back when
// the URL is used: the options are fixed at signing time.
import { storageErrors } from '../errors.ts';

export type ResizeMode = 'cover' | 'contain' | 'fill';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: ResizeMode;
  quality?: number;
  /** `origin` keeps the source format; `avif` asks for AVIF; absent: WebP when `Accept` allows. */
  format?: 'origin' | 'avif' | undefined;
}

/** Supabase's documented limits for transformations. */
export const TRANSFORM_LIMITS = {
  minSize: 1,
  maxSize: 2500,
  minQuality: 20,
  maxQuality: 100,
  defaultQuality: 80,
  maxSourceBytes: 25 * 1000 * 1000,
  maxSourcePixels: 50 * 1000 * 1000,
} as const;

const RESIZE_MODES: readonly string[] = ['cover', 'contain', 'fill'];
const FORMATS: readonly string[] = ['origin', 'avif'];

/** storage-api validates the query with a JSON schema; its messages read `querystring/<name> …`. */
function invalid(message: string): never {
  throw storageErrors.invalidRequest(`querystring/${message}`);
}

function integerIn(name: string, text: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(text)) invalid(`${name} must be integer`);
  const value = Number(text);
  if (value < min) invalid(`${name} must be >= ${min}`);
  if (value > max) invalid(`${name} must be <= ${max}`);
  return value;
}

/** Reads and checks the options; absent and empty values are left out, as the client omits them. */
export function parseTransformQuery(query: Record<string, string | undefined>): TransformOptions {
  const options: TransformOptions = {};
  const { width, height, resize, quality, format } = query;
  const { minSize, maxSize, minQuality, maxQuality } = TRANSFORM_LIMITS;
  if (width) options.width = integerIn('width', width, minSize, maxSize);
  if (height) options.height = integerIn('height', height, minSize, maxSize);
  if (quality) options.quality = integerIn('quality', quality, minQuality, maxQuality);
  if (resize) {
    if (!RESIZE_MODES.includes(resize))
      invalid('resize must be equal to one of the allowed values');
    options.resize = resize as ResizeMode;
  }
  if (format) {
    if (!FORMATS.includes(format)) invalid('format must be equal to one of the allowed values');
    options.format = format as TransformOptions['format'];
  }
  return options;
}

/** The options as a signed URL's `transformations` claim carries them. */
export function transformClaimOf(options: TransformOptions): string {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${options.height}`);
  if (options.width) parts.push(`width:${options.width}`);
  if (options.width || options.height) parts.push(`resize:${options.resize ?? 'cover'}`);
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format) parts.push(`format:${options.format}`);
  return parts.join(',');
}

/** Reads a `transformations` claim back, with the same checks as the query string. */
export function parseTransformClaim(claim: string): TransformOptions {
  const query: Record<string, string> = {};
  for (const part of claim.split(',')) {
    const [name, value] = part.split(':');
    if (name && value !== undefined) query[name] = value;
  }
  return parseTransformQuery(query);
}

/** imgproxy's names for the resize modes, which storage-api reports in `x-transformations`. */
const RESIZING_TYPE: Record<ResizeMode, string> = { cover: 'fill', contain: 'fit', fill: 'force' };

/**
 * What was applied, as storage-api names it in the `x-transformations` response header.
 * @example transformationsHeader({ width: 200, height: 200, quality: 60 })
 *   // 'height:200,width:200,resizing_type:fill,quality:60'
 */
export function transformationsHeader(options: TransformOptions): string {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${options.height}`);
  if (options.width) parts.push(`width:${options.width}`);
  if (options.width || options.height) {
    parts.push(`resizing_type:${RESIZING_TYPE[options.resize ?? 'cover']}`);
  }
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') parts.push(`format:${options.format}`);
  return parts.join(',');
}
