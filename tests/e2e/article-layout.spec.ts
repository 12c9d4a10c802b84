// The frame of an article page: its category above the headline, and at its end the categories,
// the author, articles to read next (same category, the page's language first) and the comments,
// which stay in the article's column.
import { expect, test } from './support/fixtures.ts';
import { anArticle, locales } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

for (const locale of locales) {
  test(`a ${locale} article names its category above the headline and ends with articles to read next`, async ({
    data,
    site,
    page,
  }) => {
    const route = anArticle(data, { locale, fallback: false, withCategories: true });
    await site.open(route.path);

    const kicker = site.main.locator('.kicker a');
    await expect(kicker).toHaveAttribute('href', route.categories[0]?.path ?? '');
    const [kickerBox, headingBox] = [await kicker.boundingBox(), await site.heading.boundingBox()];
    expect(kickerBox?.y ?? Infinity).toBeLessThan(headingBox?.y ?? -Infinity);

    const related = page.getByRole('region', { name: uiText(locale, 'article.related') });
    const titles = related.locator('.card-title a');
    expect(route.related.length).toBeGreaterThan(0);
    await expect(titles).toHaveCount(route.related.length);
    // Its own-language articles come before any shown in English, each of those marked.
    const inEnglish = await related
      .locator('.card-title')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('lang') !== null));
    expect(inEnglish).toEqual([...inEnglish].sort((a, b) => Number(a) - Number(b)));
    await expect(related.getByText(uiText(locale, 'articleCard.fallbackBadge'))).toHaveCount(
      inEnglish.filter(Boolean).length,
    );
    const articleEnd = await page.locator('main > article').boundingBox();
    const relatedStart = await related.boundingBox();
    expect(relatedStart?.y ?? -Infinity).toBeGreaterThanOrEqual(
      (articleEnd?.y ?? Infinity) + (articleEnd?.height ?? 0),
    );
  });
}

test.describe('on a desktop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const locale of ['en', 'ar'] as const) {
    test(`the ${locale} comments sit in the article’s column, under the wider related articles`, async ({
      data,
      site,
      page,
    }) => {
      await site.open(anArticle(data, { locale, fallback: false }).path);
      const column = await page.locator('main > article .prose').boundingBox();
      const comments = await page.locator('#comments').boundingBox();
      if (column === null || comments === null) throw new Error('no article text or comments');
      expect(Math.round(comments.x)).toBe(Math.round(column.x));
      expect(Math.round(comments.width)).toBe(Math.round(column.width));
    });
  }
});
