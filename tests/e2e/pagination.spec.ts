import { expect, test } from './support/fixtures.ts';
import { articleListPages } from './support/site-data.ts';

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
  const seen: string[] = [];
  for (const listRoute of pages) {
    await listPage.open(listRoute.path);
    seen.push(...(await listPage.cardPaths()));
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toHaveLength(pages[0]?.totalArticles ?? -1);
});
