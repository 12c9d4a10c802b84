/**
 * Generates a content dataset of any size in Sanity's export layout (`data.ndjson`, `images/`,
 * `assets.json`) with document-internationalization translation groups, written by the content
 * pipeline's own export writer so the site reads it exactly like the embedded dataset.
 */
import { stableKey as key } from '../../scripts/dataset/keys.ts';
import { encodeSvg } from '../../scripts/dataset/rasterize.ts';
import { writeExport } from '../../scripts/dataset/write-export.ts';
import { createRandom, paragraph, sentence, words } from './synthetic-text.mjs';

export const benchLocales = ['en', 'de', 'fr', 'ar'];
const categoryCount = 8;
const authorCount = 12;
const coverCount = 12;

/** Which translations an article has: every one in English, most in German and French, a third in Arabic. */
export function translatedLocales(index) {
  return benchLocales.filter(
    (locale) =>
      locale === 'en' ||
      ((locale === 'de' || locale === 'fr') && index % 4 !== 3) ||
      (locale === 'ar' && index % 3 === 0),
  );
}

/**
 * Writes a dataset of `articleCount` articles into `dir` and returns what it holds.
 *
 * @example await generateDataset('/tmp/bench/dataset', 2000)
 */
export async function generateDataset(dir, articleCount) {
  const images = await drawImages();
  const covers = images.filter((image) => image.role === 'cover');
  const [avatar] = images.filter((image) => image.role === 'avatar');
  const [figure] = images.filter((image) => image.role === 'figure');
  const documents = [
    ...benchLocales.flatMap((locale) => settingsAndPages(locale)),
    ...translationGroups('page', ['about', 'privacy', 'terms'], () => benchLocales),
    ...categories(),
    ...translationGroups('category', range(categoryCount), () => benchLocales),
    ...range(authorCount).map((index) => author(index, avatar)),
    ...range(articleCount).flatMap((index) =>
      translatedLocales(index).map((locale) =>
        article(index, locale, covers[index % covers.length], figure),
      ),
    ),
    ...translationGroups('article', range(articleCount), translatedLocales),
  ];
  await writeExport(dir, documents, images);
  const articleDocuments = documents.filter((doc) => doc._type === 'article').length;
  return { documents: documents.length, articleDocuments, images: images.length };
}

function range(count) {
  return Array.from({ length: count }, (_, index) => index);
}

function slugOf(text, fallback) {
  const ascii = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return ascii === '' ? fallback : ascii;
}

function span(text, marks = []) {
  return { _type: 'span', _key: key(text, marks.join()), text, marks };
}

function block(id, style, text, extra = {}) {
  return {
    _type: 'block',
    _key: key(id, style, text),
    style,
    markDefs: [],
    children: [span(text)],
    ...extra,
  };
}

/**
 * A body with what real articles hold: headings, paragraphs with a link, a list, a quote, code
 * and (when `figure` is given) an image.
 */
function body(id, locale, random, figure) {
  const linkKey = key(id, 'link');
  return [
    block(id, 'normal', paragraph(locale, random, 4)),
    block(id, 'h2', words(locale, random, 4)),
    {
      ...block(id, 'normal', ''),
      _key: key(id, 'linked'),
      markDefs: [{ _type: 'link', _key: linkKey, href: 'https://example.org/' }],
      children: [
        span(paragraph(locale, random, 2) + ' '),
        span(words(locale, random, 3), [linkKey]),
        span(' ' + paragraph(locale, random, 2), ['strong']),
      ],
    },
    ...range(3).map((item) =>
      block(`${id}-item-${item}`, 'normal', sentence(locale, random), {
        listItem: 'bullet',
        level: 1,
      }),
    ),
    block(id, 'blockquote', sentence(locale, random)),
    ...(figure === null
      ? []
      : [
          {
            _type: 'image',
            _key: key(id, 'figure'),
            _sanityAsset: figure.ref,
            alt: sentence(locale, random),
            caption: words(locale, random, 5),
          },
        ]),
    block(id, 'h2', words(locale, random, 3)),
    block(id, 'normal', paragraph(locale, random, 5)),
    {
      _type: 'code',
      _key: key(id, 'code'),
      language: 'js',
      code: `const greeting = new Intl.ListFormat('${locale}').format(['a', 'b']);`,
    },
    block(id, 'normal', paragraph(locale, random, 3)),
  ];
}

function article(index, locale, cover, figure) {
  const id = `article-${index}-${locale}`;
  const random = createRandom(index * 7 + benchLocales.indexOf(locale));
  const title = words(locale, random, 5);
  const published = new Date(Date.UTC(2020, 0, 1) + index * 6 * 3600 * 1000).toISOString();
  return {
    _id: id,
    _type: 'article',
    language: locale,
    title,
    slug: { _type: 'slug', current: `${slugOf(title, 'maqal')}-${index}` },
    excerpt: sentence(locale, random).slice(0, 190),
    coverImage: { _type: 'image', _sanityAsset: cover.ref, alt: sentence(locale, random) },
    author: { _type: 'reference', _ref: `author-${index % authorCount}` },
    categories: [index % categoryCount, (index + 3) % categoryCount].map((category) => ({
      _key: key(id, category),
      _type: 'reference',
      _ref: `category-${category}-${locale}`,
    })),
    publishedAt: published,
    seo: { _type: 'seo', title: null, description: null },
    body: body(id, locale, random, figure),
  };
}

function categories() {
  return range(categoryCount).flatMap((index) =>
    benchLocales.map((locale) => {
      const random = createRandom(1000 + index * 4 + benchLocales.indexOf(locale));
      const title = words(locale, random, 2);
      return {
        _id: `category-${index}-${locale}`,
        _type: 'category',
        language: locale,
        title,
        slug: { _type: 'slug', current: `${slugOf(title, 'fia')}-${index}` },
        description: sentence(locale, random),
      };
    }),
  );
}

function author(index, avatar) {
  const random = createRandom(2000 + index);
  const name = `Author ${index + 1}`;
  return {
    _id: `author-${index}`,
    _type: 'author',
    name,
    slug: { _type: 'slug', current: `author-${index + 1}` },
    avatar: { _type: 'image', _sanityAsset: avatar.ref, alt: name },
    bio: {
      _type: 'localeText',
      ...Object.fromEntries(benchLocales.map((locale) => [locale, paragraph(locale, random, 2)])),
    },
  };
}

function settingsAndPages(locale) {
  const random = createRandom(3000 + benchLocales.indexOf(locale));
  const pages = ['about', 'privacy', 'terms'].map((name) => ({
    _id: `page-${name}-${locale}`,
    _type: 'page',
    language: locale,
    title: words(locale, random, 3),
    slug: { _type: 'slug', current: locale === 'en' ? name : `${name}-${locale}` },
    body: body(`page-${name}-${locale}`, locale, random, null),
  }));
  const settings = {
    _id: `siteSettings-${locale}`,
    _type: 'siteSettings',
    language: locale,
    title: 'Polyglot Press',
    description: sentence(locale, random),
    footer: words(locale, random, 6),
    navigation: [
      {
        _key: key(locale, 'articles'),
        _type: 'navigationItem',
        label: words(locale, random, 1),
        link: 'articles',
      },
      {
        _key: key(locale, 'about'),
        _type: 'navigationItem',
        label: words(locale, random, 1),
        reference: { _type: 'reference', _ref: `page-about-${locale}` },
      },
      {
        _key: key(locale, 'search'),
        _type: 'navigationItem',
        label: words(locale, random, 1),
        link: 'search',
      },
    ],
  };
  return [settings, ...pages];
}

function translationGroups(type, names, localesOf) {
  return names.map((name) => ({
    _id: `translation-metadata-${type}-${name}`,
    _type: 'translation.metadata',
    schemaTypes: [type],
    translations: localesOf(name).map((locale) => ({
      _key: locale,
      _type: 'internationalizedArrayReferenceValue',
      value: { _type: 'reference', _ref: `${type}-${name}-${locale}` },
    })),
  }));
}

/** Covers, one avatar and one figure, drawn as SVG and encoded the way the dataset build does. */
async function drawImages() {
  const drawings = [
    ...range(coverCount).map((index) => ({
      role: 'cover',
      name: `cover-${index}`,
      width: 1600,
      height: 900,
      format: 'jpg',
      hue: (index * 360) / coverCount,
    })),
    { role: 'avatar', name: 'avatar', width: 400, height: 400, format: 'webp', hue: 200 },
    { role: 'figure', name: 'figure', width: 1600, height: 800, format: 'png', hue: 40 },
  ];
  return Promise.all(drawings.map(drawImage));
}

async function drawImage({ role, name, width, height, format, hue }) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue} 45% 55%)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height * 0.3}" fill="hsl(${(hue + 180) % 360} 50% 70%)"/>
    <rect x="${width * 0.1}" y="${height * 0.6}" width="${width * 0.5}" height="${height * 0.2}" fill="hsl(${hue} 40% 30%)"/>
  </svg>`;
  return { role, ...(await encodeSvg(Buffer.from(svg), format, { width }, name)) };
}
