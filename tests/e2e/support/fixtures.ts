import { test as base } from '@playwright/test';
import { ArticleListPage } from './article-list-page.ts';
import { ArticlePage } from './article-page.ts';
import { SearchPage } from './search-page.ts';
import { loadSiteData, type SiteData } from './site-data.ts';
import { SitePage } from './site-page.ts';

interface PageObjects {
  site: SitePage;
  articlePage: ArticlePage;
  listPage: ArticleListPage;
  searchPage: SearchPage;
}

/** Playwright's `test` with the page objects and the site's content and routes (`data`). */
export const test = base.extend<PageObjects, { data: SiteData }>({
  data: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
    async ({}, use) => {
      await use(await loadSiteData());
    },
    { scope: 'worker' },
  ],
  site: async ({ page }, use) => {
    await use(new SitePage(page));
  },
  articlePage: async ({ page }, use) => {
    await use(new ArticlePage(page));
  },
  listPage: async ({ page }, use) => {
    await use(new ArticleListPage(page));
  },
  searchPage: async ({ page }, use) => {
    await use(new SearchPage(page));
  },
});

export { expect } from '@playwright/test';
