import type { ImageAsset, ImageBlock, PortableTextBlock } from '../types.ts';
import type { RawBodyBlock } from '../schemas/portable-text.ts';
import type { RawImageAsset } from '../schemas/documents.ts';
import type { ContentSource } from '../sources/content-source.ts';
import { describeProblem } from '../validate.ts';

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

/** Where body images are resolved, and where unresolved ones are reported. */
export interface BodyContext {
  source: ContentSource;
  assets: ReadonlyMap<string, RawImageAsset>;
  problems: string[];
}

/**
 * A stored body with its image blocks reshaped to `ImageBlock` (asset resolved from the
 * image-asset index); other blocks pass through untouched.
 */
export function toBody(
  blocks: readonly RawBodyBlock[],
  owner: { type: string; id: string },
  { source, assets, problems }: BodyContext,
): PortableTextBlock[] {
  return blocks.flatMap((block, index) => {
    if (block._type !== 'image') return [block as PortableTextBlock];
    const asset = assets.get(block.asset._ref);
    if (asset === undefined) {
      problems.push(
        describeProblem(
          owner.type,
          owner.id,
          `body[${String(index)}].asset`,
          `must reference a published image asset, not "${block.asset._ref}"`,
        ),
      );
      return [];
    }
    const image: ImageBlock = {
      _type: 'image',
      _key: block._key,
      image: toImageAsset({ alt: block.alt, asset }, source),
      caption: block.caption,
    };
    // The contract types bodies as PortableTextBlock[]; image blocks carry no `children`.
    return [image as unknown as PortableTextBlock];
  });
}
