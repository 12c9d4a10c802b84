import { describe, expect, test } from 'vitest';
import {
  markdownToPortableText,
  type BodyBlock,
  type TextBlock,
} from '../../../scripts/dataset/markdown-to-portable-text';

const compile = (markdown: string) =>
  markdownToPortableText(markdown, 'articles/x/en.md', 'article-x-en');
const textBlocks = (blocks: BodyBlock[]) =>
  blocks.filter((b): b is TextBlock => b._type === 'block');
const plain = (block: TextBlock | undefined) => block?.children.map((c) => c.text).join('');

describe('Markdown becomes Portable Text as Sanity stores it', () => {
  test('headings map to h2/h3 and paragraphs to normal blocks, soft line breaks to spaces', () => {
    const blocks = textBlocks(compile('## Two\n\n### Three\n\nOne line\nand the next.'));
    expect(blocks.map((b) => b.style)).toEqual(['h2', 'h3', 'normal']);
    expect(plain(blocks[2])).toBe('One line and the next.');
  });

  test('strong, emphasis and inline code become decorators on spans, nested ones combined', () => {
    const [block] = textBlocks(compile('a **b *c*** `d`'));
    expect(block?.children.map(({ text, marks }) => ({ text, marks }))).toEqual([
      { text: 'a ', marks: [] },
      { text: 'b ', marks: ['strong'] },
      { text: 'c', marks: ['strong', 'em'] },
      { text: ' ', marks: [] },
      { text: 'd', marks: ['code'] },
    ]);
  });

  test('links become annotations in markDefs that their spans point to', () => {
    const [block] = textBlocks(
      compile('See [the `bdi` element](https://developer.mozilla.org/) now.'),
    );
    const [link] = block?.markDefs ?? [];
    expect(link).toMatchObject({ _type: 'link', href: 'https://developer.mozilla.org/' });
    expect(block?.children.find((c) => c.text === 'bdi')?.marks).toEqual([link?._key, 'code']);
  });

  test('lists become list items with their kind and nesting level', () => {
    const blocks = textBlocks(compile('- a\n- b\n  1. c\n\n1. d'));
    expect(blocks.map((b) => [plain(b), b.listItem, b.level])).toEqual([
      ['a', 'bullet', 1],
      ['b', 'bullet', 1],
      ['c', 'number', 2],
      ['d', 'number', 1],
    ]);
  });

  test('quotes become blockquote blocks, one per paragraph', () => {
    const blocks = textBlocks(compile('> one\n> line\n>\n> two'));
    expect(blocks.map((b) => [b.style, plain(b)])).toEqual([
      ['blockquote', 'one line'],
      ['blockquote', 'two'],
    ]);
  });

  test('a paragraph holding only an image is a figure with alt text and caption', () => {
    expect(compile('![A map of routes](./routes.svg "Night trains")')).toEqual([
      expect.objectContaining({
        _type: 'image',
        src: './routes.svg',
        alt: 'A map of routes',
        caption: 'Night trains',
      }),
    ]);
  });

  test('fenced code keeps its language and text exactly', () => {
    expect(compile("```js\nconst a = '<b>';\n  indented();\n```")).toEqual([
      expect.objectContaining({
        _type: 'code',
        language: 'js',
        code: "const a = '<b>';\n  indented();",
      }),
    ]);
  });

  test('keys are the same on every run and differ between blocks', () => {
    const source = '## A\n\nText.\n\n- item';
    const keys = compile(source).map((b) => b._key);
    expect(compile(source).map((b) => b._key)).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('Markdown outside the authoring format fails with the file, instead of vanishing', () => {
  test.each([
    ['a # heading', '# Title', /articles\/x\/en\.md: headings start at ##/],
    ['raw HTML in text', 'Hello <b>you</b>', /articles\/x\/en\.md: html cannot appear inside text/],
    [
      'a table',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      /articles\/x\/en\.md: table is not part of the authoring format/,
    ],
    [
      'an image inside a sentence',
      'See ![x](./x.svg) here',
      /articles\/x\/en\.md: image cannot appear inside text/,
    ],
  ])('%s', (_what, markdown, message) => {
    expect(() => compile(markdown)).toThrow(message);
  });
});
