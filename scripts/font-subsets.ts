// `npm run fonts:subsets`: cuts the site's web fonts down to what the site draws and writes them
// to src/assets/fonts/, with src/styles/fonts.css, the @font-face rules that point at them.
//
// The @fontsource-variable files carry more than the site needs, and every byte of a face a page
// uses is on its first second over a slow connection (Lighthouse charges the faces to the first
// paint when they arrive before it):
// - Source Serif 4's weight axis runs from 200 to 900; the site sets 400 to 700 (global.css), and
//   a face pinned to that range is a third smaller (51 kB → 34 kB per file).
// - Italics set emphasis inside body text, at the regular weight: they are pinned to 400, a static
//   face half the size of the variable one (36 kB → 20 kB). Bold italic, which nothing on the site
//   asks for, would be drawn by the browser from it.
// - Noto Naskh Arabic's "arabic" file covers every language written in Arabic script (Urdu,
//   Persian, Sindhi, Pashto, African and Quranic extensions, the presentation-form ligatures); the
//   site writes the Arabic language: its 37 letters with hamza and tatweel, the vowel marks, the
//   Arabic-Indic digits and separators, its comma, semicolon and question mark, and the basic
//   joining forms text pasted from older documents carries (94 kB → 23 kB; the whole Arabic block
//   was 45 kB). Shaping (joining forms, lam-alef) comes from the font's substitution tables, which
//   the subset keeps. A letter of another language written in Arabic script (Persian پ, Urdu ٹ)
//   is drawn by the fallback font, as a Devanagari word is.
// A character outside a face's range is drawn by the next font in the stack, never as a box.
//
// Subsetting is HarfBuzz's (subset-font). The output is deterministic: run this after changing a
// range or updating an @fontsource-variable package, and commit what it writes.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** `unicode-range` of the Latin faces: the @fontsource "latin" and "latin-ext" subsets as declared. */
const latin =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
const latinExt =
  'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C4, U+2113, U+2C60-2C7F, U+A720-A7FF';
/**
 * The Arabic language's letters, digits and marks: comma, semicolon and question mark; hamza to
 * ghain; tatweel to sukun with maddah and hamza above and below; the Arabic-Indic digits, percent
 * and separators; superscript alef and alef wasla; and the basic joining forms (presentation forms B).
 */
export const arabicLetters =
  'U+060C, U+061B, U+061F, U+0621-063A, U+0640-0655, U+0660-066D, U+0670-0671, U+FE70-FE74, U+FE76-FEFC';
/** Arabic as the site writes it: its letters, with joiners and direction marks, hyphens, punctuation. */
const arabic = `${arabicLetters}, U+200C-200E, U+2010-2011, U+204F, U+2E41`;

export interface Face {
  family: string;
  style: 'normal' | 'italic';
  /** The @fontsource-variable file it is cut from. */
  source: string;
  /** The file written to src/assets/fonts/. */
  file: string;
  unicodeRange: string;
  /** The weights kept: the variable axis is limited to them, or pinned when `min` is `max`. */
  weight: { min: number; max: number };
}

const serif = 'Source Serif 4 Variable';
const serifFiles = '@fontsource-variable/source-serif-4/files/source-serif-4';
const readingWeights = { min: 400, max: 700 };
const emphasisWeight = { min: 400, max: 400 };

export const faces: Face[] = [
  ...(['normal', 'italic'] as const).flatMap((style) =>
    (
      [
        ['latin', latin],
        ['latin-ext', latinExt],
      ] as const
    ).map(([subset, unicodeRange]) => ({
      family: serif,
      style,
      source: `${serifFiles}-${subset}-wght-${style}.woff2`,
      file: `source-serif-4-${subset}-${style === 'normal' ? '400-700' : '400'}-${style}.woff2`,
      unicodeRange,
      weight: style === 'normal' ? readingWeights : emphasisWeight,
    })),
  ),
  {
    family: 'Noto Naskh Arabic Variable',
    style: 'normal',
    source:
      '@fontsource-variable/noto-naskh-arabic/files/noto-naskh-arabic-arabic-wght-normal.woff2',
    file: 'noto-naskh-arabic-arabic-400-700-normal.woff2',
    unicodeRange: arabic,
    weight: readingWeights,
  },
];

/** Every character a `unicode-range` names. */
export function charactersOf(unicodeRange: string): string {
  return unicodeRange
    .split(',')
    .map((part) => part.trim().replace(/^U\+/, ''))
    .flatMap((part) => {
      const [from = '', to = from] = part.split('-');
      const first = Number.parseInt(from, 16);
      const last = Number.parseInt(to, 16);
      return Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i));
    })
    .join('');
}

function isStatic(face: Face): boolean {
  return face.weight.min === face.weight.max;
}

/** The face cut to its range and weights, as WOFF2. */
export async function subset(face: Face): Promise<Buffer> {
  const source = await readFile(require.resolve(face.source));
  return subsetFont(source, charactersOf(face.unicodeRange), {
    targetFormat: 'woff2',
    variationAxes: { wght: isStatic(face) ? face.weight.min : face.weight },
  });
}

const header = `/*
 * Written by \`npm run fonts:subsets\` (scripts/font-subsets.ts): do not edit by hand.
 *
 * The site's faces, self-hosted and cut down from the @fontsource-variable packages (SIL Open
 * Font License): Source Serif 4 for reading, with Noto Naskh Arabic as its Arabic companion.
 * Variable fonts limited to the weights the site sets (400–700), one file per script; the
 * italics, which set emphasis in body text, are pinned to the regular weight. \`unicode-range\`
 * makes the browser fetch a file only when a page uses its characters: an English page never
 * loads the Arabic face, an Arabic page loads the Latin one only for its Latin words.
 * \`font-display: swap\` shows the fallback text at once: local fonts rescaled to these faces'
 * metrics (font-fallbacks.css, written by \`npm run fonts:fallbacks\`), so the swap moves
 * nothing. No file is preloaded: a preload would compete with the page's largest image for the
 * first second of a slow connection, and with matched fallbacks the reader loses nothing by
 * seeing the local font for that second.
 */`;

export function fontFaceCss(): string {
  const rules = faces.map((face) =>
    [
      '@font-face {',
      `  font-family: '${face.family}';`,
      `  font-style: ${face.style};`,
      '  font-display: swap;',
      `  font-weight: ${isStatic(face) ? String(face.weight.min) : `${String(face.weight.min)} ${String(face.weight.max)}`};`,
      `  src: url('../assets/fonts/${face.file}') format('${isStatic(face) ? 'woff2' : 'woff2-variations'}');`,
      `  unicode-range: ${face.unicodeRange};`,
      '}',
    ].join('\n'),
  );
  return [header, ...rules].join('\n\n') + '\n';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fontsDir = new URL('../src/assets/fonts/', import.meta.url);
  for (const face of faces) {
    const data = await subset(face);
    await writeFile(new URL(face.file, fontsDir), data);
    const before = (await readFile(require.resolve(face.source))).length;
    console.log(`${face.file}: ${String(before)} → ${String(data.length)} bytes`);
  }
  const css = new URL('../src/styles/fonts.css', import.meta.url);
  const options = await resolveConfig(css.pathname);
  await writeFile(css, await format(fontFaceCss(), { ...options, filepath: css.pathname }));
  console.log(`wrote ${css.pathname}`);
}
