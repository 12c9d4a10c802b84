import { z } from 'zod';
import { countCharacters, locales, slugPattern } from './rules.ts';

export { slugPattern };

export const slug = z
  .string()
  .regex(slugPattern, 'must be lowercase ASCII letters, digits and single hyphens');
export const locale = z.enum(locales, `must be one of ${locales.join(', ')}`);
export const text = z.string().trim().min(1, 'must not be empty');
export const dateTime = z.iso.datetime({
  offset: true,
  message: 'must be an ISO date-time like 2026-03-14T09:00:00Z',
});

/**
 * Text with a maximum length in characters as readers count them (grapheme clusters). A string
 * never has more clusters than UTF-16 units, so only long strings pay for segmenting.
 */
export function textUpTo(max: number) {
  return text.refine(
    (value) => value.length <= max || countCharacters(value) <= max,
    `must be at most ${String(max)} characters`,
  );
}

/** Text that may be absent (null) but is never an empty string. */
export function optionalTextUpTo(max: number) {
  return textUpTo(max).nullable();
}

/** A dereferenced reference: GROQ's `ref->` yields null when the target is missing or unpublished. */
export function resolved<T extends z.ZodType>(schema: T, what: string) {
  return schema
    .nullable()
    .refine((value) => value !== null, `must reference a published ${what}`)
    .transform((value) => value as z.output<T>);
}

const imageAssetId = z
  .string()
  .regex(/^image-[a-f0-9]{40}-\d+x\d+-[a-z]+$/, 'must be a Sanity image asset id');

/** An image asset document, as `imageAssetsQuery` and `asset->{…}` project it. */
export const imageAsset = z.object({
  _id: imageAssetId,
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** A dereferenced image asset. */
export const asset = resolved(imageAsset, 'image asset');

/** An asset reference as stored, resolved later against the image assets. */
export const assetReference = z.object({ _ref: imageAssetId });

/** An image field: the asset plus its alternative text. */
export const image = resolved(z.object({ alt: text, asset }), 'image');
