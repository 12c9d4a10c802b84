import type { PortableTextBlock } from '../content/index';

const wordsPerMinute = 220;

// An untranslated article's body is shown on its fallback page in every other locale too.
const minutesOfBody = new WeakMap<PortableTextBlock[], number>();

/** Whole minutes a reader needs for a Portable Text body (text and code), at least 1. */
export function readingMinutes(body: PortableTextBlock[]): number {
  let minutes = minutesOfBody.get(body);
  if (minutes === undefined) {
    let words = 0;
    for (const block of body as unknown[]) {
      words += countWords(textOf(block));
    }
    minutes = Math.max(1, Math.round(words / wordsPerMinute));
    minutesOfBody.set(body, minutes);
  }
  return minutes;
}

function textOf(block: unknown): string {
  if (typeof block !== 'object' || block === null) return '';
  const node = block as { _type?: unknown; children?: unknown; code?: unknown };
  if (node._type === 'code' && typeof node.code === 'string') return node.code;
  if (!Array.isArray(node.children)) return '';
  return node.children
    .map((child: unknown) =>
      typeof child === 'object' &&
      child !== null &&
      'text' in child &&
      typeof child.text === 'string'
        ? child.text
        : '',
    )
    .join('');
}

function countWords(text: string): number {
  return text.match(/\S+/gu)?.length ?? 0;
}
