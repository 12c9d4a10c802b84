import type { ImageAsset, ImageBlock, PortableTextBlock } from '../types.ts';
import type { RawBodyBlock } from '../schemas/portable-text.ts';
import type { ContentSource } from '../sources/content-source.ts';

interface RawImage {
  alt: string;
  asset: { _id: string; url: string; width: number; height: number };
}

/** An image as the site uses it: hosted images by CDN URL, local ones by file path. */
export function toImageAsset(image: RawImage, source: ContentSource): ImageAsset {
  return {
    assetId: image.asset._id,
    width: image.asset.width,
    height: image.asset.height,
    alt: image.alt,
    url: source.kind === 'sanity' ? image.asset.url : null,
    localPath: source.assetFilePath(image.asset._id),
  };
}

/** A stored body with its image blocks reshaped to `ImageBlock`; other blocks pass through. */
export function toBody(
  blocks: readonly RawBodyBlock[],
  source: ContentSource,
): PortableTextBlock[] {
  return blocks.map((block) => {
    if (block._type !== 'image') return block as PortableTextBlock;
    const image: ImageBlock = {
      _type: 'image',
      _key: block._key,
      image: toImageAsset(block, source),
      caption: block.caption,
    };
    // The contract types bodies as PortableTextBlock[]; image blocks carry no `children`.
    return image as unknown as PortableTextBlock;
  });
}
