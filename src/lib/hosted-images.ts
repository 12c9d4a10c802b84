import { createImageUrlBuilder } from '@sanity/image-url';
import type { ImageAsset, SiteContent } from '../content/index';

export interface ImageSources {
  src: string;
  srcset: string;
}

/**
 * `src` and `srcset` of an image on Sanity's CDN, one candidate per requested width that the
 * original can serve (never upscaled), in the best format the browser accepts.
 */
export function hostedImageSources(
  image: ImageAsset,
  widths: number[],
  source: SiteContent['source'],
): ImageSources {
  const usable = usableWidths(widths, image.width);
  const urlAt = (width: number) => hostedImageUrl(image, width, source);
  return {
    src: urlAt(usable.at(-1) ?? image.width),
    srcset: usable.map((width) => `${urlAt(width)} ${width}w`).join(', '),
  };
}

/** The CDN URL of an image scaled to `width` (never upscaled), in the browser's best format. */
export function hostedImageUrl(image: ImageAsset, width: number, source: SiteContent['source']) {
  return createImageUrlBuilder({ projectId: source.projectId, dataset: source.dataset })
    .image(image.assetId)
    .width(width)
    .fit('max')
    .auto('format')
    .url();
}

/**
 * The requested widths up to the original's width, plus the original width when all are larger.
 *
 * @example usableWidths([400, 800, 1600], 1200) // [400, 800, 1200]
 */
export function usableWidths(widths: number[], originalWidth: number): number[] {
  const fitting = [...new Set(widths)]
    .filter((width) => width < originalWidth)
    .sort((a, b) => a - b);
  return [...fitting, originalWidth];
}
