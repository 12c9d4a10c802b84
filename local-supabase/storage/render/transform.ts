// The image work behind `/render/image`: sharp (libvips) decodes, resizes and encodes. sharp runs
// each pipeline on libuv's thread pool, not on the JavaScript thread, so a transformation in
// progress never holds up other requests (`bench/storage/transform.mjs` measures the event loop's
// delay while transformations run). Limits are checked before decoding: the source's size from
// its row, its pixel count from its header.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { storageError } from '../errors.ts';
import { TRANSFORM_LIMITS, type ResizeMode, type TransformOptions } from './options.ts';

/** Formats a rendition may have: a source in another format keeps none of them (`png`). */
type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

const MEDIA_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

/** The source's format as an output format: sharp reports AVIF as `heif` with AV1 compression. */
function sourceFormatOf(metadata: Metadata): OutputFormat {
  if (metadata.format === 'heif') return metadata.compression === 'av1' ? 'avif' : 'png';
  const format = metadata.format as string;
  return format in MEDIA_TYPES ? (format as OutputFormat) : 'png';
}

function encode(pipeline: Sharp, format: OutputFormat, quality: number): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality, mozjpeg: true });
    case 'png':
      // PNG is lossless: quality only matters with a palette, which would change the image.
      return pipeline.png();
    case 'webp':
      return pipeline.webp({ quality });
    case 'avif':
      return pipeline.avif({ quality });
    case 'gif':
      return pipeline.gif();
    case 'tiff':
      return pipeline.tiff({ quality });
  }
}

/** Supabase's resize modes in sharp's terms: cover crops, contain fits inside, fill stretches. */
const FIT: Record<ResizeMode, 'cover' | 'inside' | 'fill'> = {
  cover: 'cover',
  contain: 'inside',
  fill: 'fill',
};

/** imgproxy's answer for a source it will not touch, in the storage error shape (422). */
export function imageProcessingError(message: string) {
  return storageError(422, 'InvalidRequest', message);
}

export function checkSourceSize(bytes: number): void {
  if (bytes > TRANSFORM_LIMITS.maxSourceBytes) {
    throw imageProcessingError('Source image file is too big');
  }
}

/**
 * Whether the request's `Accept` names WebP (with a quality above 0), as browsers that decode it do.
 * @example acceptsWebp('image/avif,image/webp,*\/*;q=0.8') // true
 */
export function acceptsWebp(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((entry) => {
    const [type, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return type === 'image/webp' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The output format: AVIF when asked, the source's with `origin`, else WebP when accepted. */
export function outputFormatOf(
  source: OutputFormat,
  options: TransformOptions,
  accept: string | undefined,
): OutputFormat {
  if (options.format === 'avif') return 'avif';
  if (options.format !== 'origin' && acceptsWebp(accept)) return 'webp';
  return source;
}

async function metadataOf(input: Buffer): Promise<Metadata> {
  try {
    return await sharp(input).metadata();
  } catch {
    throw imageProcessingError('Source image type not supported');
  }
}

export interface RenderedImage {
  bytes: Buffer;
  mediaType: string;
}

/**
 * Transforms `input` (a whole source file, at most 25 MB) as `options` say; the output format is
 * chosen by `outputFormatOf`. Throws 422 in the storage shape for what is not an image or is over
 * the pixel limit, never a 500.
 */
export async function renderImage(
  input: Buffer,
  options: TransformOptions,
  accept: string | undefined,
): Promise<RenderedImage> {
  checkSourceSize(input.byteLength);
  const metadata = await metadataOf(input);
  const pixels = metadata.width * metadata.height;
  if (pixels > TRANSFORM_LIMITS.maxSourcePixels) {
    throw imageProcessingError('Source image resolution is too big');
  }
  const format = outputFormatOf(sourceFormatOf(metadata), options, accept);
  const quality = options.quality ?? TRANSFORM_LIMITS.defaultQuality;
  // `autoOrient` applies the EXIF orientation first, so a phone photo is resized as it is seen.
  let pipeline = sharp(input, {
    limitInputPixels: TRANSFORM_LIMITS.maxSourcePixels,
    autoOrient: true,
  });
  if (options.width || options.height) {
    pipeline = pipeline.resize({
      width: options.width,
      height: options.height,
      fit: FIT[options.resize ?? 'cover'],
      // imgproxy (hosted Supabase) does not enlarge images by default.
      withoutEnlargement: true,
    });
  }
  try {
    return {
      bytes: await encode(pipeline, format, quality).toBuffer(),
      mediaType: MEDIA_TYPES[format],
    };
  } catch {
    throw imageProcessingError('Invalid source image');
  }
}
