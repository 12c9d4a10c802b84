import { expect, test } from './support/fixtures.ts';
import { aPaginatedList, articleListPages, locales, routesOf } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';
import { authorNameIn } from '../../src/content/author-name.ts';
import { formatNumber } from '../../src/i18n/format.ts';

test('the article list shows 12 articles per page and links every page in order', async ({
  data,
  listPage,
  page,
}) => {
  const pages = articleListPages(data, 'en');
  expect(pages.length, 'the dataset fills more than one page').toBeGreaterThan(1);
  const [first, second] = pages;
  const last = pages.at(-1);
  if (first === undefined || second === undefined || last === undefined) return;
  expect(first.path).toBe('/en/articles/');
  expect(second.path).toBe('/en/articles/page/2/');

  await listPage.open(first.path);
  expect(await listPage.cardPaths()).toEqual(first.entries.map((entry) => entry.path));
  expect(first.entries).toHaveLength(12);
  await expect(listPage.currentPageLink('en')).toHaveText('1');
  await expect(listPage.previousPageLink('en')).toHaveCount(0);

  await listPage.nextPageLink('en').click();
  await expect(page).toHaveURL(second.path);
  await expect(listPage.currentPageLink('en')).toHaveText('2');
  expect(await listPage.cardPaths()).toEqual(second.entries.map((entry) => entry.path));

  await listPage.previousPageLink('en').click();
  await expect(page).toHaveURL(first.path);

  await listPage.open(last.path);
  await expect(listPage.nextPageLink('en')).toHaveCount(0);
  await expect(listPage.pagination('en').getByRole('link', { name: /\d/ })).toHaveCount(
    pages.length,
  );
});

test('every article appears on exactly one page of the list', async ({ data, listPage }) => {
  const pages = articleListPages(data, 'de');
  // It opens every page: 167 of them with a generated dataset of 2,000 articles.
  test.setTimeout(60_000 + pages.length * 3_000);
  const seen: string[] = [];
  for (const listRoute of pages) {
    await listPage.open(listRoute.path);
    seen.push(...(await listPage.cardPaths()));
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toHaveLength(pages[0]?.totalArticles ?? -1);
});

// The embedded dataset has at most 11 articles in a category or by an author, so these lists fit
// on one page; the tests of their later pages run against a generated dataset (README, "A large
// dataset") and are skipped otherwise.
const needsLargeDataset =
  'every category and author list fits on one page in this dataset: build and test with a generated one (README, "A large dataset")';

for (const kind of ['category', 'author'] as const) {
  test(`a long ${kind} list shows 12 articles per page, its own before the labelled fallbacks, and links every page`, async ({
    data,
    listPage,
    page,
  }) => {
    const pages = aPaginatedList(data, kind, 'de');
    test.skip(pages === undefined, needsLargeDataset);
    if (pages === undefined) return;
    test.setTimeout(60_000 + pages.length * 3_000);
    const [first, second] = pages;
    const last = pages.at(-1);
    if (first === undefined || second === undefined || last === undefined) return;
    expect(second.path).toBe(`${first.path}page/2/`);

    await listPage.open(first.path);
    expect(first.entries).toHaveLength(12);
    expect(await listPage.cardPaths()).toEqual(first.entries.map((entry) => entry.path));
    await expect(listPage.currentPageLink('de')).toHaveText('1');
    await expect(listPage.previousPageLink('de')).toHaveCount(0);
    await expect(listPage.pagination('de').getByRole('link', { name: /\d/ })).toHaveCount(
      pages.length,
    );
    expect(await listPage.canonicalPath()).toBe(first.path);
    await expect(page.locator('main a[rel="next"]')).toHaveAttribute('href', second.path);

    await listPage.nextPageLink('de').click();
    await expect(page).toHaveURL(second.path);
    await expect(listPage.currentPageLink('de')).toHaveText('2');
    expect(await listPage.canonicalPath()).toBe(second.path);
    await expect(page.locator('main a[rel="prev"]')).toHaveAttribute('href', first.path);
    const title = kind === 'category' && second.kind === 'category' ? second.category.title : '';
    const name = second.kind === 'author' ? authorNameIn(second.author, 'de') : title;
    await expect(listPage.heading).toHaveText(
      uiText('de', 'pagination.pageTitle', {
        title: name,
        page: formatNumber('de', 2),
        total: formatNumber('de', pages.length),
      }),
    );

    await listPage.previousPageLink('de').click();
    await expect(page).toHaveURL(first.path);

    // Every article of the list once, German ones first; the English ones under their own heading.
    const seen: string[] = [];
    for (const listRoute of pages) {
      await listPage.open(listRoute.path);
      const cards = await listPage.cardPaths();
      seen.push(...cards);
      const fallbacks = listRoute.entries.filter((entry) => entry.fallback);
      const section = page.locator('main .also-in-default');
      await expect(section).toHaveCount(fallbacks.length > 0 ? 1 : 0);
      if (fallbacks.length > 0) {
        await expect(
          section.getByRole('heading', { name: uiText('de', 'home.alsoInDefault'), exact: true }),
        ).toBeVisible();
        await expect(section.locator('.card')).toHaveCount(fallbacks.length);
      }
    }
    await expect(listPage.nextPageLink('de')).toHaveCount(0);
    expect(seen).toEqual(
      pages.flatMap((listRoute) => listRoute.entries.map((entry) => entry.path)),
    );
    expect(new Set(seen).size).toBe(first.totalArticles);
    const fallbackFlags = pages.flatMap((listRoute) =>
      listRoute.entries.map((entry) => entry.fallback),
    );
    expect(fallbackFlags).toEqual([...fallbackFlags].sort((a, b) => Number(a) - Number(b)));
  });
}

for (const locale of locales) {
  test(`page 2 of a ${locale} category is titled and navigated in ${locale}`, async ({
    data,
    listPage,
    page,
  }) => {
    const pages = aPaginatedList(data, 'category', locale);
    test.skip(pages === undefined, needsLargeDataset);
    const second = pages?.[1];
    if (second?.kind !== 'category') return;
    await listPage.open(second.path);
    await expect(page).toHaveTitle(
      new RegExp(
        escapeRegExp(
          uiText(locale, 'pagination.pageTitle', {
            title: second.category.title,
            page: formatNumber(locale, 2),
            total: formatNumber(locale, second.totalPages),
          }),
        ),
      ),
    );
    await expect(listPage.previousPageLink(locale)).toHaveAttribute('rel', 'prev');
    await expect(
      listPage.pagination(locale).getByRole('link', {
        name: uiText(locale, 'pagination.page', { page: formatNumber(locale, 2) }),
        exact: true,
      }),
    ).toHaveAttribute('aria-current', 'page');
  });
}

test('a category or author list of at most 12 articles is one page without page links', async ({
  data,
  listPage,
}) => {
  const short = [...routesOf(data, 'category', 'fr'), ...routesOf(data, 'author', 'fr')].filter(
    (route) => route.totalPages === 1 && route.totalArticles > 0,
  );
  test.skip(short.length === 0, 'every category and author list is longer than one page');
  for (const route of short) {
    await listPage.open(route.path);
    expect(await listPage.cardPaths()).toEqual(route.entries.map((entry) => entry.path));
    await expect(listPage.pagination('fr')).toHaveCount(0);
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
