// The body of articles and pages: the blocks, marks, images and code blocks the site renders
// (src/content/schemas/portable-text.ts); nothing else can be typed, so nothing else reaches a build.
import { defineArrayMember, defineField } from 'sanity';
import { blockStyles, decorators, safeHref } from '../../src/content/schemas/rules.ts';

const styleTitles: Record<(typeof blockStyles)[number], string> = {
  normal: 'Normal',
  h2: 'Heading 2',
  h3: 'Heading 3',
  h4: 'Heading 4',
  blockquote: 'Quote',
};
const decoratorTitles: Record<(typeof decorators)[number], string> = {
  strong: 'Strong',
  em: 'Emphasis',
  code: 'Code',
  underline: 'Underline',
  'strike-through': 'Strike',
};

export const bodyField = defineField({
  name: 'body',
  title: 'Body',
  type: 'array',
  validation: (rule) => rule.required().min(1).error('must not be empty'),
  of: [
    defineArrayMember({
      type: 'block',
      styles: blockStyles.map((value) => ({ title: styleTitles[value], value })),
      lists: [
        { title: 'Bullet', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: decorators.map((value) => ({ title: decoratorTitles[value], value })),
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: [
              defineField({
                name: 'href',
                title: 'Address',
                type: 'string',
                description: 'https://…, mailto:…, a path on this site (/en/…) or #section',
                validation: (rule) =>
                  rule
                    .required()
                    .custom<string>((value) =>
                      value === undefined || safeHref.test(value)
                        ? true
                        : 'must be an http(s), mailto or site-relative URL',
                    ),
              }),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({
      type: 'image',
      fields: [
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
          validation: (rule) =>
            rule
              .required()
              .custom<string>((value) =>
                value === undefined || value.trim() !== '' ? true : 'must not be empty',
              ),
        }),
        defineField({ name: 'caption', title: 'Caption', type: 'string' }),
      ],
      validation: (rule) => rule.required().assetRequired(),
    }),
    defineArrayMember({
      type: 'code',
      options: { withFilename: false },
      validation: (rule) =>
        rule
          .custom<{ language?: string; code?: string }>((value) => {
            if (!value?.language?.trim()) return 'language: is required';
            if (!value.code?.trim()) return 'code: must not be empty';
            return true;
          })
          .error(),
    }),
  ],
});
