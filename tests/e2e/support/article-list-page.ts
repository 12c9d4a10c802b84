import type { Locator, Page } from '@playwright/test';
import type { Locale } from '../../../src/i18n/locales.ts';
import { SitePage } from './site-page.ts';
import { uiText } from './ui-strings.ts';

/** A page listing article cards: home, article list, category, author. */
export class ArticleListPage extends SitePage {
  /** The title link of every card, in order. */
  readonly cardLinks: Locator;

  constructor(page: Page) {
    super(page);
    this.cardLinks = page.locator('main .card .card-title a');
  }

  async cardPaths(): Promise<string[]> {
    return this.cardLinks.evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
  }

  pagination(locale: Locale): Locator {
    return this.page.getByRole('navigation', {
      name: uiText(locale, 'pagination.label'),
      exact: true,
    });
  }

  nextPageLink(locale: Locale): Locator {
    return this.pagination(locale).getByRole('link', { name: uiText(locale, 'pagination.next') });
  }

  previousPageLink(locale: Locale): Locator {
    return this.pagination(locale).getByRole('link', {
      name: uiText(locale, 'pagination.previous'),
    });
  }

  currentPageLink(locale: Locale): Locator {
    return this.pagination(locale).locator('a[aria-current="page"]');
  }
}
