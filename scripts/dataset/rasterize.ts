import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { sha1 } from './keys.ts';

export type RasterFormat = 'jpg' | 'png' | 'webp';

/** A rasterized image, named the way a Sanity export names it. */
export interface RasterImage {
  /** `images/<sha1>-<w>x<h>.<ext>` inside the export. */
  path: string;
  /** The `_sanityAsset` value pointing at it. */
  ref: string;
  /** `image-<sha1>`: the key of its entry in `assets.json`. */
  metaKey: string;
  data: Buffer;
  meta: Record<string, unknown>;
}

/**
 * Renders an SVG to a bitmap whose width `sizeFor` picks from the drawing's own width. The asset id is the SHA-1 of the output bytes,
 * as Sanity computes it on upload, so an unchanged drawing keeps its id on every run (text in
 * the drawings is set with the fonts installed on the machine: other fonts, other bytes).
 */
export async function rasterize(
  svgFile: string,
  format: RasterFormat,
  sizeFor: (intrinsicWidth: number) => number,
  name: string,
): Promise<RasterImage> {
  const svg = await readFile(svgFile);
  const intrinsic = (await sharp(svg).metadata()).width;
  if (intrinsic === 0) throw new Error(`${svgFile}: the SVG has no width`);
  const width = Math.round(sizeFor(intrinsic));
  // Render at the density that gives the target size directly, so edges stay sharp.
  return encodeSvg(svg, format, { width, density: (72 * width) / intrinsic }, name);
}

/**
 * Encodes an SVG drawing as a bitmap `width` pixels wide (at `density`, 72 by default, the SVG's own
 * size) and names it as a Sanity export does. Also used by the benchmarks' generated datasets.
 */
export async function encodeSvg(
  svg: Buffer,
  format: RasterFormat,
  { width, density = 72 }: { width: number; density?: number },
  name: string,
): Promise<RasterImage> {
  let image = sharp(svg, { density }).resize({ width });
  image =
    format === 'jpg'
      ? image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true })
      : format === 'png'
        ? image.png({ compressionLevel: 9, palette: false })
        : image.webp({ quality: 82 });
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  const hash = sha1(data);
  const file = `${hash}-${String(info.width)}x${String(info.height)}.${format}`;
  return {
    path: `images/${file}`,
    ref: `image@file://./images/${file}`,
    metaKey: `image-${hash}`,
    data,
    meta: {
      originalFilename: `${name}.${format}`,
      size: data.length,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: {
          _type: 'sanity.imageDimensions',
          width: info.width,
          height: info.height,
          aspectRatio: info.width / info.height,
        },
        hasAlpha: info.channels === 4,
      },
    },
  };
}
