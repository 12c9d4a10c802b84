// Typography a reader sees: quotes and apostrophes set per locale, a comfortable line length, and
// Arabic set as Arabic (larger, upright, headings tighter than text, foreign titles aligned with
// their own text). The faces themselves are checked in fonts.spec.ts.
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { anArticle, aRoute, routesOf, type Locale } from './support/site-data.ts';

/** The text of an element as a reader sees it, without code (which keeps what was typed). */
async function textOutsideCode(element: Locator): Promise<string> {
  return element.evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    for (const code of copy.querySelectorAll('pre, code, script, style, template')) code.remove();
    return copy.textContent;
  });
}

/** How many characters each full line of the paragraphs holds, as they are drawn (last lines left out). */
async function fullLineLengths(paragraphs: Locator): Promise<number[]> {
  return paragraphs.evaluateAll((elements) =>
    elements.flatMap((paragraph) => {
      const lines = new Map<number, number>();
      const range = document.createRange();
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (let index = 0; index < (node.nodeValue ?? '').length; index += 1) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (rect === undefined) continue;
          const line = Math.round(rect.top);
          lines.set(line, (lines.get(line) ?? 0) + 1);
        }
      }
      return [...lines.values()].slice(0, -1);
    }),
  );
}

for (const locale of ['en', 'de', 'fr'] as const satisfies Locale[]) {
  test(`no ${locale} article shows a straight quote or apostrophe outside code`, async ({
    data,
    site,
  }) => {
    const found: string[] = [];
    for (const route of routesOf(data, 'article', locale).filter((entry) => !entry.fallback)) {
      await site.open(route.path);
      const text = await textOutsideCode(site.page.locator('main > article'));
      for (const match of text.matchAll(/.{0,20}['"].{0,20}/gu)) {
        found.push(`${route.path}: …${match[0]}…`);
      }
    }
    expect(found).toEqual([]);
  });
}

test.describe('on a desktop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const locale of ['en', 'de', 'fr', 'ar'] as const satisfies Locale[]) {
    test(`lines of the ${locale} article text hold about 66 characters, never much over 75`, async ({
      data,
      site,
    }) => {
      await site.open(anArticle(data, { locale, fallback: false }).path);
      await site.page.evaluate(() => document.fonts.ready);
      const lengths = (await fullLineLengths(site.main.locator('.prose > p'))).sort(
        (a, b) => a - b,
      );
      expect(lengths.length).toBeGreaterThan(10);
      // The typical line and the longest (a line of short words holds a few more characters).
      expect(lengths[Math.floor(lengths.length / 2)]).toBeLessThanOrEqual(72);
      expect(lengths.at(-1)).toBeLessThanOrEqual(78);
    });
  }

  for (const locale of ['en', 'de', 'fr', 'ar'] as const satisfies Locale[]) {
    test(`the ${locale} home and category introductions and an author's bio keep lines under 78 characters`, async ({
      data,
      site,
    }) => {
      for (const path of [
        aRoute(data, 'home', locale).path,
        aRoute(data, 'category', locale).path,
        aRoute(data, 'author', locale).path,
      ]) {
        await site.open(path);
        await site.page.evaluate(() => document.fonts.ready);
        const intro = site.main.locator(':is(.excerpt, .author-card p)');
        await expect(intro.first()).toBeVisible();
        const lengths = await fullLineLengths(intro);
        expect(Math.max(...lengths), path).toBeLessThanOrEqual(78);
      }
    });
  }
});

test('Arabic text is larger than Latin, upright, and its headings are tighter than its text', async ({
  data,
  site,
}) => {
  await site.open(anArticle(data, { locale: 'en', fallback: false }).path);
  const latinSize = await site.main
    .locator('.prose p')
    .first()
    .evaluate((p) => {
      return parseFloat(getComputedStyle(p).fontSize);
    });

  const withEmphasis = routesOf(data, 'article', 'ar').find(
    (route) => !route.fallback && JSON.stringify(route.article.body).includes('"em"'),
  );
  if (withEmphasis === undefined) throw new Error('no Arabic article with emphasis');
  await site.open(withEmphasis.path);
  const arabic = await site.main.evaluate((main) => {
    const style = (selector: string) => {
      const element = main.querySelector(selector);
      if (element === null) throw new Error(`no ${selector} on the Arabic article`);
      return getComputedStyle(element);
    };
    const ratio = (css: CSSStyleDeclaration) =>
      parseFloat(css.lineHeight) / parseFloat(css.fontSize);
    return {
      size: parseFloat(style('.prose p').fontSize),
      text: ratio(style('.prose p')),
      heading: ratio(style('h1')),
      // Emphasis in Arabic is bold, never a slanted (synthetic) italic.
      emphasis: style('.prose em').fontStyle,
    };
  });
  expect(arabic.size).toBeGreaterThan(latinSize);
  expect(arabic.heading).toBeLessThan(arabic.text);
  expect(arabic.emphasis).toBe('normal');
});

test('on an Arabic list, an English card’s title starts on the same side as its excerpt', async ({
  data,
  site,
}) => {
  const home = aRoute(data, 'home', 'ar');
  test.skip(home.alsoInDefault.length === 0, 'every article is translated into Arabic');
  await site.open(home.path);
  const card = site.main.locator('.card:has(.card-title[lang="en"])').first();
  const edges = await card.evaluate((element) => {
    const start = (selector: string) => {
      const box = element.querySelector(selector);
      if (box === null) throw new Error(`no ${selector} in the card`);
      const range = document.createRange();
      range.selectNodeContents(box);
      return Math.round(range.getClientRects()[0]?.left ?? NaN);
    };
    return { title: start('.card-title a'), excerpt: start('.card-body > p[lang]') };
  });
  expect(edges.title).toBe(edges.excerpt);
});

test('Arabic small text (category label, byline, card dates, badges, footer) is scaled as its body text is', async ({
  data,
  site,
}) => {
  /** The font size in px of the first element matching each selector on the open page. */
  const sizes = (selectors: string[]) =>
    site.page.evaluate((wanted) => {
      const size = (selector: string) => {
        const element = document.querySelector(selector);
        if (element === null) throw new Error(`no ${selector} on ${location.pathname}`);
        return parseFloat(getComputedStyle(element).fontSize);
      };
      return Object.fromEntries(wanted.map((selector) => [selector, size(selector)]));
    }, selectors);
  const onArticle = ['body', 'main .kicker', 'main .byline', 'footer.site-footer'];
  const onHome = ['.card .meta'];

  await site.open(anArticle(data, { locale: 'en', fallback: false }).path);
  const latin = await sizes(onArticle);
  await site.open(aRoute(data, 'home', 'en').path);
  Object.assign(latin, await sizes(onHome));

  await site.open(anArticle(data, { locale: 'ar', fallback: false }).path);
  const arabic = await sizes(onArticle);
  const arabicHome = aRoute(data, 'home', 'ar');
  await site.open(arabicHome.path);
  Object.assign(arabic, await sizes(onHome));

  const bodyRatio = (arabic['body'] ?? NaN) / (latin['body'] ?? NaN);
  expect(bodyRatio).toBeGreaterThan(1.05);
  for (const selector of [...onArticle.slice(1), ...onHome]) {
    const ratio = (arabic[selector] ?? NaN) / (latin[selector] ?? NaN);
    expect(ratio, `${selector}: ${arabic[selector]} px against ${latin[selector]} px`).toBeCloseTo(
      bodyRatio,
      2,
    );
  }

  // The "English" badge of a fallback card, on home pages that have one.
  const latinHome = (['de', 'fr'] as const)
    .map((locale) => aRoute(data, 'home', locale))
    .find((home) => home.alsoInDefault.length > 0);
  if (latinHome !== undefined && arabicHome.alsoInDefault.length > 0) {
    const arabicBadge = (await sizes(['.card .badge']))['.card .badge'] ?? NaN;
    await site.open(latinHome.path);
    const latinBadge = (await sizes(['.card .badge']))['.card .badge'] ?? NaN;
    expect(
      arabicBadge / latinBadge,
      `badge: ${arabicBadge} px against ${latinBadge} px`,
    ).toBeCloseTo(bodyRatio, 2);
  }
});
