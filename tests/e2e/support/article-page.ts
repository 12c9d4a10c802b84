import type { Locator, Page } from '@playwright/test';
import type { Locale } from '../../../src/i18n/locales.ts';
import { SitePage } from './site-page.ts';
import { uiText } from './ui-strings.ts';

/** An article: byline, categories and, on a fallback page, the notice about the missing translation. */
export class ArticlePage extends SitePage {
  readonly fallbackNotice: Locator;
  readonly authorLink: Locator;

  constructor(page: Page) {
    super(page);
    this.fallbackNotice = page.getByRole('note');
    this.authorLink = page.locator('main .byline a[rel="author"]');
  }

  categoryLinks(locale: Locale): Locator {
    return this.page
      .getByRole('navigation', { name: uiText(locale, 'article.categories'), exact: true })
      .getByRole('link');
  }
}
