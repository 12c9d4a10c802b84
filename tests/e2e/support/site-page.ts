import { expect, type Locator, type Page, type Response } from '@playwright/test';
import type { Locale } from '../../../src/i18n/locales.ts';
import { uiText } from './ui-strings.ts';

export interface HeadAlternate {
  hreflang: string;
  path: string;
}

/** Any localized page: its frame (header, language picker, skip link, `<main>`) and head tags. */
export class SitePage {
  readonly html: Locator;
  readonly main: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.html = page.locator('html');
    this.main = page.locator('main');
    this.heading = page.locator('main h1');
  }

  /** Opens a site path and fails unless the server answered with a page (2xx). */
  async open(path: string): Promise<Response> {
    const response = await this.page.goto(path);
    if (response === null) throw new Error(`No response for ${path}`);
    expect(response.status(), `status of ${path}`).toBeLessThan(300);
    return response;
  }

  /** The current path, for comparing with routes (the origin is the test server's). */
  path(): string {
    return new URL(this.page.url()).pathname;
  }

  skipLink(locale: Locale): Locator {
    return this.page.getByRole('link', { name: uiText(locale, 'site.skipLink') });
  }

  languagePicker(locale: Locale): Locator {
    return this.page.getByRole('navigation', {
      name: uiText(locale, 'languagePicker.label'),
      exact: true,
    });
  }

  /** The picker's entry for `target`, on a page in `locale`. */
  languageLink(locale: Locale, target: Locale): Locator {
    return this.languagePicker(locale).locator(`a[hreflang="${target}"]`);
  }

  mainNavigation(locale: Locale): Locator {
    return this.page.getByRole('navigation', { name: uiText(locale, 'nav.main'), exact: true });
  }

  async canonicalPath(): Promise<string> {
    const href = await this.page.locator('link[rel="canonical"]').getAttribute('href');
    if (href === null) throw new Error(`${this.path()} has no canonical link`);
    return new URL(href).pathname;
  }

  robots(): Locator {
    return this.page.locator('meta[name="robots"]');
  }

  async alternates(): Promise<HeadAlternate[]> {
    return this.page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
      links.map((link) => ({
        hreflang: link.getAttribute('hreflang') ?? '',
        path: new URL(link.getAttribute('href') ?? '', location.href).pathname,
      })),
    );
  }
}
