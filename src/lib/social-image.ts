import type { ImageAsset, SiteContent } from '../content/index';
import { hostedImageUrl } from './hosted-images';
import { getLocalImage } from './local-images';

const socialWidth = 1200;

export interface SocialImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The share image of a page (OpenGraph/Twitter want one absolute JPEG/PNG URL, ~1200 px wide). */
export async function socialImage(
  image: ImageAsset,
  source: SiteContent['source'],
  site: URL,
): Promise<SocialImage> {
  const width = Math.min(socialWidth, image.width);
  const height = Math.round((image.height * width) / image.width);
  let url: string;
  if (image.url !== null) {
    url = hostedImageUrl(image, width, source);
  } else if (image.localPath !== null) {
    // JPEG rather than WebP: some link-preview crawlers still do not read WebP.
    const result = await getLocalImage(image.localPath, { width, format: 'jpg' });
    url = new URL(result.src, site).href;
  } else {
    throw new Error(`Image ${image.assetId} has neither a hosted URL nor a local file`);
  }
  return { url, width, height, alt: image.alt };
}
