import type { ImageMetadata } from 'astro';

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
