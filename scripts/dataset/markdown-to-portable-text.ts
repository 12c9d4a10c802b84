import { marked, type Token, type Tokens } from 'marked';
import { AuthoringError } from './authoring-error.ts';
import { stableKey } from './keys.ts';

export interface Span {
  _type: 'span';
  _key: string;
  text: string;
  marks: string[];
}
export interface LinkDef {
  _type: 'link';
  _key: string;
  href: string;
}
export interface TextBlock {
  _type: 'block';
  _key: string;
  style: 'normal' | 'h2' | 'h3' | 'h4' | 'blockquote';
  listItem?: 'bullet' | 'number';
  level?: number;
  markDefs: LinkDef[];
  children: Span[];
}
/** A figure before its file is rasterized: `src` is the Markdown path, resolved by the caller. */
export interface FigureBlock {
  _type: 'image';
  _key: string;
  src: string;
  alt: string;
  caption?: string;
}
export interface CodeBlock {
  _type: 'code';
  _key: string;
  language: string;
  code: string;
}
export type BodyBlock = TextBlock | FigureBlock | CodeBlock;

const headingStyles: Record<number, TextBlock['style'] | undefined> = { 2: 'h2', 3: 'h3', 4: 'h4' };

/**
 * Compiles the Markdown of the authoring format into Portable Text, the way Sanity's editor
 * stores it. Anything the format does not allow (raw HTML, tables, `#` headings, inline images)
 * fails with the file name, because it would otherwise vanish silently from the page.
 * `_key`s are hashes of the document id, the position and the content: stable across runs.
 */
export function markdownToPortableText(
  markdown: string,
  file: string,
  documentId: string,
): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  const key = (...parts: (string | number)[]) => stableKey(documentId, blocks.length, ...parts);

  const textBlock = (
    tokens: Token[],
    style: TextBlock['style'],
    list?: { item: 'bullet' | 'number'; level: number },
  ) => {
    const blockKey = key(style, JSON.stringify(tokens.map((t) => t.raw)));
    const { children, markDefs } = inlineToSpans(tokens, file, blockKey);
    const block: TextBlock = { _type: 'block', _key: blockKey, style, markDefs, children };
    if (list !== undefined) Object.assign(block, { listItem: list.item, level: list.level });
    blocks.push(block);
  };

  const list = (token: Tokens.List, level: number) => {
    const item = token.ordered ? 'number' : 'bullet';
    for (const entry of token.items) {
      const inline: Token[] = [];
      for (const child of entry.tokens) {
        if (child.type === 'text' || child.type === 'paragraph') {
          // A list item holding two paragraphs becomes one item with a line break between them.
          if (inline.length > 0) inline.push({ type: 'br', raw: '\n' });
          inline.push(...((child as Tokens.Text | Tokens.Paragraph).tokens ?? [child]));
        } else if (child.type === 'space') {
          continue;
        } else if (child.type !== 'list') {
          throw new AuthoringError(
            file,
            `a list item may hold text and nested lists, not ${child.type}: ${excerpt(child.raw)}`,
          );
        }
      }
      if (inline.length > 0) textBlock(inline, 'normal', { item, level });
      for (const child of entry.tokens)
        if (child.type === 'list') list(child as Tokens.List, level + 1);
    }
  };

  for (const token of marked.lexer(markdown)) {
    switch (token.type) {
      case 'space':
        break;
      case 'heading': {
        const { depth, tokens } = token as Tokens.Heading;
        const style = headingStyles[depth];
        if (style === undefined) {
          throw new AuthoringError(
            file,
            `headings start at ## (the title is the # heading): ${excerpt(token.raw)}`,
          );
        }
        textBlock(tokens, style);
        break;
      }
      case 'paragraph': {
        const { tokens } = token as Tokens.Paragraph;
        const figure = asFigure(tokens);
        if (figure === null) textBlock(tokens, 'normal');
        else
          blocks.push({
            _type: 'image',
            _key: key('image', figure.href),
            src: figure.href,
            alt: figure.text,
            ...(figure.title ? { caption: figure.title } : {}),
          });
        break;
      }
      case 'list':
        list(token as Tokens.List, 1);
        break;
      case 'blockquote':
        for (const child of (token as Tokens.Blockquote).tokens) {
          if (child.type === 'space') continue;
          if (child.type !== 'paragraph') {
            throw new AuthoringError(
              file,
              `a quote may hold paragraphs only: ${excerpt(child.raw)}`,
            );
          }
          textBlock((child as Tokens.Paragraph).tokens, 'blockquote');
        }
        break;
      case 'code': {
        const { lang, text } = token as Tokens.Code;
        blocks.push({
          _type: 'code',
          _key: key('code', text),
          language: lang?.trim() || 'text',
          code: text,
        });
        break;
      }
      default:
        throw new AuthoringError(
          file,
          `${token.type} is not part of the authoring format: ${excerpt(token.raw)}`,
        );
    }
  }
  return blocks;
}

/** A paragraph that is exactly one image (surrounded by whitespace at most) is a figure. */
function asFigure(tokens: Token[]): Tokens.Image | null {
  const meaningful = tokens.filter((t) => !(t.type === 'text' && t.raw.trim() === ''));
  const [only] = meaningful;
  return meaningful.length === 1 && only?.type === 'image' ? (only as Tokens.Image) : null;
}

/** Inline tokens to spans with decorators and link annotations; adjacent spans with equal marks merge. */
function inlineToSpans(
  tokens: Token[],
  file: string,
  blockKey: string,
): { children: Span[]; markDefs: LinkDef[] } {
  const children: Span[] = [];
  const markDefs: LinkDef[] = [];

  const push = (text: string, marks: string[]) => {
    if (text === '') return;
    const last = children.at(-1);
    if (last !== undefined && sameMarks(last.marks, marks)) last.text += text;
    else
      children.push({
        _type: 'span',
        _key: stableKey(blockKey, 'span', children.length),
        text,
        marks,
      });
  };

  const walk = (list: Token[], marks: string[]) => {
    for (const token of list) {
      switch (token.type) {
        case 'text':
        case 'escape': {
          const nested = (token as Tokens.Text).tokens;
          // A soft line break in Markdown is a space, not a line break.
          if (nested !== undefined && nested.length > 0) walk(nested, marks);
          else push((token as Tokens.Text).text.replace(/\s*\n\s*/g, ' '), marks);
          break;
        }
        case 'strong':
          walk((token as Tokens.Strong).tokens, [...marks, 'strong']);
          break;
        case 'em':
          walk((token as Tokens.Em).tokens, [...marks, 'em']);
          break;
        case 'del':
          walk((token as Tokens.Del).tokens, [...marks, 'strike-through']);
          break;
        case 'codespan':
          push((token as Tokens.Codespan).text, [...marks, 'code']);
          break;
        case 'br':
          push('\n', marks);
          break;
        case 'link': {
          const { href, tokens: inner } = token as Tokens.Link;
          const def: LinkDef = {
            _type: 'link',
            _key: stableKey(blockKey, 'link', markDefs.length, href),
            href,
          };
          markDefs.push(def);
          walk(inner, [...marks, def._key]);
          break;
        }
        default:
          throw new AuthoringError(
            file,
            `${token.type} cannot appear inside text: ${excerpt(token.raw)}`,
          );
      }
    }
  };

  walk(tokens, []);
  const first = children[0];
  const last = children.at(-1);
  if (first !== undefined) first.text = first.text.trimStart();
  if (last !== undefined) last.text = last.text.trimEnd();
  return { children: children.filter((span) => span.text !== ''), markDefs };
}

function sameMarks(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((mark, i) => mark === b[i]);
}

function excerpt(raw: string): string {
  const line = raw.trim().split('\n')[0] ?? '';
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}…` : line);
}
