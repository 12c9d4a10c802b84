import type { GetImageResult, ImageMetadata, UnresolvedImageTransform } from 'astro';
import { getImage } from 'astro:assets';

// Every image of the local dataset, through Astro's image pipeline. `@content-dataset` is a Vite
// alias (astro.config.mjs) for the dataset folder, so a dataset outside `src/` (CONTENT_DATASET_DIR)
// works too. Eager: the metadata is small, and a build renders every image anyway.
const datasetImages = import.meta.glob<ImageMetadata>(
  '@content-dataset/images/*.{jpg,jpeg,png,webp,gif,avif}',
  { eager: true, import: 'default' },
);

const byFileName = new Map(
  Object.entries(datasetImages).map(([path, metadata]) => [fileName(path), metadata]),
);

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The Astro image of a dataset asset file (asset file names are content hashes, so unique). */
export function findLocalImage(localPath: string): ImageMetadata {
  const metadata = byFileName.get(fileName(localPath));
  if (metadata === undefined) {
    throw new Error(
      `Image ${localPath} is not among the ${byFileName.size} images of the dataset folder the build was configured with (CONTENT_DATASET_DIR)`,
    );
  }
  return metadata;
}

/** `getImage` options for a dataset image, without the source. */
export type LocalImageOptions = Omit<UnresolvedImageTransform, 'src'>;

const transforms = new Map<string, Promise<GetImageResult>>();

/**
 * `getImage` for a dataset image, computed once per image and options. A cover appears on its
 * article, its translations, and every list, category and author page that shows its card, and
 * each `getImage` call hashes every transform again: repeating it was the largest cost per page.
 * (The result registers its files for generation on first use; later pages reuse the same files.)
 */
export function getLocalImage(
  localPath: string,
  options: LocalImageOptions,
): Promise<GetImageResult> {
  const key = `${fileName(localPath)} ${JSON.stringify(options)}`;
  let result = transforms.get(key);
  if (result === undefined) {
    result = getImage({ ...options, src: findLocalImage(localPath) });
    // A failure is not kept, so `astro dev` tries again once the image is fixed.
    result.catch(() => transforms.delete(key));
    transforms.set(key, result);
  }
  return result;
}
