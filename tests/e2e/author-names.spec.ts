// Authors whose name a locale writes differently (PRODUCT.md §4, `localizedName`): that locale's
// pages use the localized name everywhere the name appears; other locales keep the shared name.
import { authorNameIn } from '../../src/content/author-name.ts';
import { expect, test } from './support/fixtures.ts';
import { routesOf, type SiteData } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

/** An author with an Arabic name, and an article of theirs shown on an Arabic page. */
function authorNamedInArabic(data: SiteData, fallback: boolean) {
  const route = routesOf(data, 'article', 'ar').find(
    (candidate) =>
      candidate.fallback === fallback && candidate.article.author.localizedName.ar !== undefined,
  );
  if (route === undefined)
    throw new Error(`no ${fallback ? 'fallback' : 'Arabic'} article by such an author`);
  const author = data.content.authors.find((a) => a._id === route.article.author._id);
  if (author === undefined) throw new Error(`no author ${route.article.author._id}`);
  return { route, author, arabic: authorNameIn(author, 'ar') };
}

for (const fallback of [false, true]) {
  test(`an Arabic ${fallback ? 'fallback ' : ''}article names its author in Arabic in the byline and the author card`, async ({
    data,
    articlePage,
    page,
  }) => {
    const { route, author, arabic } = authorNamedInArabic(data, fallback);
    expect(arabic).not.toBe(author.name);

    await articlePage.open(route.path);
    await expect(articlePage.authorLink).toHaveText(arabic);
    const card = page.getByRole('region', { name: uiText('ar', 'article.aboutAuthor') });
    await expect(card.getByRole('link', { name: arabic })).toHaveAttribute(
      'href',
      route.authorPath,
    );
    await expect(page.locator('main')).not.toContainText(author.name);
  });
}

test('the Arabic author page is headed with the Arabic name; the German one with the shared name', async ({
  data,
  listPage,
}) => {
  const { route, author, arabic } = authorNamedInArabic(data, false);

  await listPage.open(route.authorPath);
  await expect(listPage.heading).toHaveText(arabic);
  await expect(listPage.page.getByRole('heading', { level: 2 }).first()).toHaveText(
    uiText('ar', 'author.articles', { author: arabic }),
  );
  // Every card of the page shows the author's Arabic name too.
  const cardAuthors = listPage.page.locator('main .card .meta span:not([aria-hidden])');
  await expect(cardAuthors.first()).toBeVisible();
  for (const text of await cardAuthors.allTextContents()) expect(text).toBe(arabic);

  const german = routesOf(data, 'author', 'de').find(
    (candidate) => candidate.author._id === author._id,
  );
  if (german === undefined) throw new Error('no German author page');
  await listPage.open(german.path);
  await expect(listPage.heading).toHaveText(author.name);
});
