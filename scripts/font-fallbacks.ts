// `npm run fonts:fallbacks`: writes src/styles/font-fallbacks.css, the metric-matched stand-ins
// for the site's web fonts (src/styles/fonts.css). Until a web font arrives (`font-display: swap`)
// the browser draws its text with a local font; these @font-face rules rescale that local font
// (`size-adjust`) so a line of it is as wide as the same line in the web font, and give it the web
// font's ascent, descent and line gap (`ascent-override`…), so the swap does not rewrap or move the
// text (layout shift). Capsize's formula (https://github.com/seek-oss/capsize, as Astro's
// `optimizedFallbacks` uses it), with two changes that Astro's Fonts API cannot make:
//
// - the local fonts are the ones readers have: Times New Roman (Windows, macOS) and Liberation
//   Serif, which is metric-compatible with it (most Linux systems), then DejaVu Serif; for Arabic,
//   DejaVu Sans (what Chromium falls back to on Linux). Astro only knows `local("Times New Roman")`.
// - the widths are those Chromium lays out for sample paragraphs in our locales' languages, at the
//   weights and styles the site uses (the variable face is wider at 600 and 700), instead of
//   Capsize's average of English letter widths, which means nothing for Arabic script.
// - the word space is matched on its own (`wordSpaces`). The spaces of Arabic text are in the
//   Latin face's range: drawn by Source Serif 4 or its stand-in, never by the Arabic faces, so the
//   Arabic stand-in is matched on the Arabic letters alone.
//
// Vertical metrics come from the web font's file (@capsizecss/unpack). Needs Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium) and the local fonts (Liberation Serif, DejaVu Serif,
// DejaVu Sans) installed: a local face Chromium cannot find stops the script.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fromFile } from '@capsizecss/unpack/fs';
import { chromium } from '@playwright/test';
import { arabicLetters, charactersOf } from './font-subsets.ts';
import { format, resolveConfig } from 'prettier';

const require = createRequire(import.meta.url);
const output = new URL('../src/styles/font-fallbacks.css', import.meta.url);

const samples = {
  // Prose from the demo articles in our three Latin-script languages: what wraps on every page.
  latin: [
    'In an age of instant messages, people are picking up pens, buying stamps and waiting weeks for',
    'a reply. Why handwritten letters, and pen pals across languages, are finding new friends. A',
    'handwritten letter is an odd thing to send today. It takes an evening to write and days or',
    'weeks to arrive, and it cannot be edited, recalled or answered with an emoji. Streets, transit,',
    'housing and public space: how cities work, and how they could work better for the people who',
    'live in them. Von Istanbul und Kairo bis London und Wien gab das Kaffeehaus den Menschen einen',
    'Ort zum Lesen, Streiten und Austauschen von Neuigkeiten. Wie ein Getränk eine große Institution',
    'schuf. Als sich der Kaffee im 15. und 16. Jahrhundert von Jemen aus verbreitete, brachte er mehr',
    'mit als ein neues Getränk. D’Istanbul et du Caire à Londres et Vienne, le café a offert un lieu',
    'où lire, débattre et échanger des nouvelles. Comment une boisson a fait naître une grande',
    'institution de la vie publique. Un magazine indépendant sur les langues, la technologie, la',
    'culture, les sciences et les villes, écrit et traduit en anglais, en allemand, en français.',
  ].join(' '),
  arabic: [
    'تتغيّر أشكال الحروف العربية بحسب جيرانها، وتسير السطور من اليمين إلى اليسار حول أرقام تسير',
    'من اليسار إلى اليمين. كيف يتعامل يونيكود والخطوط والمتصفحات مع ذلك؟ اكتب كلمة «كتاب» على',
    'لوحة المفاتيح، وسيحدث أمر لافت في هدوء. لقد ضغطت أربعة مفاتيح وخزّنت أربعة محارف.',
  ].join(' '),
  // The language switcher's codes on phones (global.css, `.picker-code`): capitals, which Times
  // draws 12% wider against Source Serif than it draws lower case.
  capitals: 'EN DE FR AR',
};

interface Variant {
  /** The `font-weight` range this fallback face answers, and the weight its width is measured at. */
  weights: string;
  weight: number;
  style: 'normal' | 'italic';
  /** The local font's names as `local()` matches them: full names and PostScript names. */
  local: string[];
}

interface Fallback {
  family: string;
  script: keyof typeof samples;
  /** The web font: fontsource file (per style) and its family name in fonts.css. */
  webFamily: string;
  webFiles: Record<Variant['style'], string>;
  variants: Variant[];
}

const serif = (weights: string, weight: number, style: Variant['style'], names: string[][]) => ({
  weights,
  weight,
  style,
  local: names.flat(),
});

const sourceSerif = {
  script: 'latin',
  webFamily: 'Source Serif 4 Variable',
  webFiles: {
    normal: '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
    italic: '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2',
  },
} as const;

const fallbacks: Fallback[] = [
  {
    ...sourceSerif,
    // Liberation Serif has Times New Roman's metrics, glyph for glyph: one face serves both.
    family: 'Source Serif 4 Fallback',
    variants: [
      serif('200 549', 400, 'normal', [
        ['Times New Roman', 'TimesNewRomanPSMT'],
        ['Liberation Serif', 'LiberationSerif'],
      ]),
      serif('550 649', 600, 'normal', [
        ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT'],
        ['Liberation Serif Bold', 'LiberationSerif-Bold'],
      ]),
      serif('650 900', 700, 'normal', [
        ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT'],
        ['Liberation Serif Bold', 'LiberationSerif-Bold'],
      ]),
      serif('200 549', 400, 'italic', [
        ['Times New Roman Italic', 'TimesNewRomanPS-ItalicMT'],
        ['Liberation Serif Italic', 'LiberationSerif-Italic'],
      ]),
      serif('550 900', 700, 'italic', [
        ['Times New Roman Bold Italic', 'TimesNewRomanPS-BoldItalicMT'],
        ['Liberation Serif Bold Italic', 'LiberationSerif-BoldItalic'],
      ]),
    ],
  },
  {
    ...sourceSerif,
    family: 'Source Serif 4 Fallback DejaVu',
    variants: [
      serif('200 549', 400, 'normal', [['DejaVu Serif', 'DejaVuSerif']]),
      serif('550 649', 600, 'normal', [['DejaVu Serif Bold', 'DejaVuSerif-Bold']]),
      serif('650 900', 700, 'normal', [['DejaVu Serif Bold', 'DejaVuSerif-Bold']]),
      serif('200 549', 400, 'italic', [['DejaVu Serif Italic', 'DejaVuSerif-Italic']]),
      serif('550 900', 700, 'italic', [['DejaVu Serif Bold Italic', 'DejaVuSerif-BoldItalic']]),
    ],
  },
  {
    ...sourceSerif,
    family: 'Source Serif 4 Fallback Capitals',
    script: 'capitals',
    variants: [
      serif('200 900', 600, 'normal', [
        ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT'],
        ['Liberation Serif Bold', 'LiberationSerif-Bold'],
      ]),
    ],
  },
  {
    // Arabic script has no italic on this site (global.css keeps emphasis upright).
    family: 'Noto Naskh Arabic Fallback',
    script: 'arabic',
    webFamily: 'Noto Naskh Arabic Variable',
    webFiles: {
      normal:
        '@fontsource-variable/noto-naskh-arabic/files/noto-naskh-arabic-arabic-wght-normal.woff2',
      italic:
        '@fontsource-variable/noto-naskh-arabic/files/noto-naskh-arabic-arabic-wght-normal.woff2',
    },
    variants: [
      serif('200 549', 400, 'normal', [['DejaVu Sans', 'DejaVuSans']]),
      serif('550 649', 600, 'normal', [['DejaVu Sans Bold', 'DejaVuSans-Bold']]),
      serif('650 900', 700, 'normal', [['DejaVu Sans Bold', 'DejaVuSans-Bold']]),
    ],
  },
];

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
// Each web face with the range fonts.css gives it: the Arabic file also holds a space and Latin
// punctuation, which the site never draws with it.
const webFaces = new Map(
  fallbacks.flatMap((f) =>
    Object.values(f.webFiles).map((file) => [
      file,
      f.script === 'arabic' ? arabicLetters : 'U+0-10FFFF',
    ]),
  ),
);
const faceCss = await Promise.all(
  [...webFaces].map(async ([file, unicodeRange]) => {
    const data = (await readFile(require.resolve(file))).toString('base64');
    return `@font-face { font-family: '${file}'; font-weight: 200 900; unicode-range: ${unicodeRange}; src: url(data:font/woff2;base64,${data}) format('woff2'); }`;
  }),
);
await page.setContent(`<style>${faceCss.join('\n')}</style><span id="probe"></span>`);

let probes = 0;
/** A face of the local font as the stylesheet names it (`local()`); throws if Chromium finds none. */
async function localFace(variant: Variant, unicodeRange = 'U+0-10FFFF'): Promise<string> {
  const family = `local-probe-${String((probes += 1))}`;
  await page.evaluate(
    async ({ family, src, style, unicodeRange }) => {
      const face = new FontFace(family, src, { style, unicodeRange });
      document.fonts.add(await face.load());
    },
    {
      family,
      src: variant.local.map((name) => `local('${name}')`).join(', '),
      style: variant.style,
      unicodeRange,
    },
  );
  return `'${family}'`;
}

/**
 * The width Chromium lays a text out at in a font stack, 100 px, at a weight and style, on one
 * line with its spaces kept.
 */
async function width(fontFamily: string, text: string, variant: Variant) {
  return page.evaluate(
    async ({ fontFamily, text, weight, style }) => {
      const probe = document.getElementById('probe');
      if (probe === null) throw new Error('no probe');
      Object.assign(probe.style, {
        fontFamily,
        fontWeight: String(weight),
        fontStyle: style,
        fontSize: '100px',
        whiteSpace: 'pre',
        fontKerning: 'normal',
      });
      probe.textContent = text;
      await document.fonts.load(`${style} ${String(weight)} 100px ${fontFamily}`, text);
      return probe.getBoundingClientRect().width;
    },
    { fontFamily, text, weight: variant.weight, style: variant.style },
  );
}

/**
 * The word space (and the no-break space French sets before « : ; ? ! »): a Latin stand-in draws
 * it with a scale of its own. Times draws it a quarter of an em wide, Source Serif 4 0.2365 em.
 * Rescaled with the letters, the stand-in's spaces came out 25% too wide and its letters narrow
 * to make up for it; that evens out in Latin prose, but Arabic text takes its spaces from the
 * Latin faces (they are in their range, not in the Arabic face's), so an Arabic line set with the
 * Latin web font and the Arabic stand-in (the faces can arrive in separate frames) was 2% narrower
 * than with both stand-ins, 3% wider the other way round, and rewrapped twice. (Capitals, figures
 * and punctuation differ too, by 10–50%, but matching them as well only moved which lines rewrap:
 * bench/README.md.)
 */
const wordSpaces = 'U+0020, U+00A0';

interface Scale {
  /** `size-adjust` of the stand-in's letters (and, but for Arabic, all but its spaces). */
  letters: number;
  /** `size-adjust` of its word spaces (Latin stand-ins only). */
  space?: number;
}

/** The width of a word space in a font: ten between two letters, so that they are kept. */
async function spaceWidth(fontFamily: string, variant: Variant): Promise<number> {
  const spaced = await width(fontFamily, `x${' '.repeat(10)}x`, variant);
  return (spaced - (await width(fontFamily, 'xx', variant))) / 10;
}

/** How much the local font must be rescaled for the sample to take the web font's width. */
async function scaleOf(fallback: Fallback, variant: Variant): Promise<Scale> {
  const web = `'${fallback.webFiles[variant.style]}'`;
  const local = await localFace(variant, fallback.script === 'arabic' ? arabicLetters : undefined);
  const sample = samples[fallback.script];
  if (fallback.script === 'capitals') {
    return { letters: (await width(web, sample, variant)) / (await width(local, sample, variant)) };
  }
  if (fallback.script === 'arabic') {
    // Spaces and Latin punctuation drawn by the Latin face in both, as on the site, then taken off.
    const latin = `'${sourceSerif.webFiles.normal}'`;
    const arabic = new Set(charactersOf(arabicLetters));
    const latinPart = await width(
      latin,
      Array.from(sample)
        .filter((char) => !arabic.has(char))
        .join(''),
      variant,
    );
    const webWidth = await width(`${web}, ${latin}`, sample, variant);
    const localWidth = await width(`${local}, ${latin}`, sample, variant);
    return { letters: (webWidth - latinPart) / (localWidth - latinPart) };
  }
  const spaces = sample.split(' ').length - 1;
  const [webSpace, localSpace] = [await spaceWidth(web, variant), await spaceWidth(local, variant)];
  const webLetters = (await width(web, sample, variant)) - spaces * webSpace;
  const localLetters = (await width(local, sample, variant)) - spaces * localSpace;
  return { letters: webLetters / localLetters, space: webSpace / localSpace };
}

/** One @font-face rule of a stand-in, rescaled and with the web font's vertical metrics. */
function faceRule(
  fallback: Fallback,
  variant: Variant,
  metrics: { unitsPerEm: number; ascent: number; descent: number; lineGap: number },
  sizeAdjust: number,
  unicodeRange: string | undefined,
): string {
  const em = metrics.unitsPerEm * sizeAdjust;
  return [
    '@font-face {',
    `  font-family: '${fallback.family}';`,
    `  font-style: ${variant.style};`,
    `  font-weight: ${variant.weights};`,
    `  src: ${variant.local.map((name) => `local('${name}')`).join(', ')};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${percent(metrics.ascent / em)};`,
    `  descent-override: ${percent(Math.abs(metrics.descent) / em)};`,
    `  line-gap-override: ${percent(metrics.lineGap / em)};`,
    ...(unicodeRange === undefined ? [] : [`  unicode-range: ${unicodeRange};`]),
    '}',
  ].join('\n');
}

let css =
  '/* Written by `npm run fonts:fallbacks` (scripts/font-fallbacks.ts): do not edit by hand. */\n';
for (const fallback of fallbacks) {
  for (const variant of fallback.variants) {
    const metrics = await fromFile(require.resolve(fallback.webFiles[variant.style]));
    const scale = await scaleOf(fallback, variant);
    const name = `${fallback.webFamily} ${String(variant.weight)}${variant.style === 'italic' ? ' italic' : ''}`;
    const rules = [
      `/* ${name} drawn with ${variant.local[0] ?? ''}. */`,
      // Local fonts are never downloaded: a range only keeps Latin text off the Arabic stand-in
      // (DejaVu Sans also draws Latin); it covers the Arabic face's letters (font-subsets.ts).
      faceRule(
        fallback,
        variant,
        metrics,
        scale.letters,
        fallback.script === 'arabic' ? arabicLetters : undefined,
      ),
    ];
    if (scale.space !== undefined) {
      // Of two faces that cover a character, the one defined later is tried first (CSS Fonts 4,
      // "unicode-range"): this one draws the spaces.
      rules.push(
        `/* ${name}: its word spaces. */`,
        faceRule(fallback, variant, metrics, scale.space, wordSpaces),
      );
    }
    css += `\n${rules.join('\n\n')}\n`;
  }
}
await browser.close();
// Formatted as the repository's `prettier --check` expects.
const options = await resolveConfig(output.pathname);
await writeFile(output, await format(css, { ...options, filepath: output.pathname }));
console.log(`wrote ${output.pathname}`);
