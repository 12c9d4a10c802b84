import { z } from 'zod';
import { assetReference, text } from './fields.ts';
import { blockStyles as styles, decorators, listItems, safeHref } from './rules.ts';

export { decorators };

const span = z.looseObject({
  _type: z.literal('span', 'must be "span"'),
  _key: text,
  text: z.string(),
  marks: z.array(z.string()).default([]),
});

const link = z.looseObject({
  _type: z.literal('link', 'must be "link"'),
  _key: text,
  href: z.string().regex(safeHref, 'must be an http(s), mailto or site-relative URL'),
});

const textBlock = z
  .looseObject({
    _type: z.literal('block'),
    _key: text,
    style: z.enum(styles, `must be one of ${styles.join(', ')}`).default('normal'),
    listItem: z.enum(listItems, 'must be bullet or number').optional(),
    level: z.number().int().min(1).optional(),
    markDefs: z.array(link).default([]),
    children: z.array(span).min(1, 'must hold at least one span'),
  })
  .superRefine((block, ctx) => {
    const defined = new Set<string>([...decorators, ...block.markDefs.map((def) => def._key)]);
    block.children.forEach((child, i) => {
      child.marks.forEach((mark, j) => {
        if (!defined.has(mark)) {
          ctx.addIssue({
            code: 'custom',
            path: ['children', i, 'marks', j],
            message: `names an undefined mark "${mark}"`,
          });
        }
      });
    });
  });

const imageBlock = z.looseObject({
  _type: z.literal('image'),
  _key: text,
  alt: text,
  caption: text.nullable().default(null),
  asset: assetReference,
});

const codeBlock = z.looseObject({
  _type: z.literal('code'),
  _key: text,
  language: text,
  code: text,
});

/** A Portable Text body as stored: text blocks, images and code. */
export const portableText = z.array(
  z.discriminatedUnion(
    '_type',
    [textBlock, imageBlock, codeBlock],
    'must be a block, image or code',
  ),
);

export type RawBodyBlock = z.output<typeof portableText>[number];
