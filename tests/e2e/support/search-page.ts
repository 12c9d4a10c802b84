import { expect, type Locator, type Page } from '@playwright/test';
import { SitePage } from './site-page.ts';

/**
 * The search page and Pagefind's searchbox (`<pagefind-searchbox>`, a web component that renders
 * its results as `role="option"` links in a listbox, or an "empty" status when nothing matches).
 */
export class SearchPage extends SitePage {
  readonly input: Locator;
  readonly results: Locator;
  readonly emptyStatus: Locator;

  constructor(page: Page) {
    super(page);
    this.input = page.locator('pagefind-searchbox input[role="combobox"]');
    this.results = page.locator('pagefind-searchbox [role="listbox"] a[role="option"]');
    this.emptyStatus = page.locator('pagefind-searchbox .pf-searchbox-empty');
  }

  /** Types a query and waits until Pagefind has answered with results or with none. */
  async search(term: string): Promise<void> {
    await expect(this.input).toBeEditable();
    await this.input.fill(term);
    await expect(this.results.first().or(this.emptyStatus)).toBeVisible();
  }

  /** The words Pagefind marked as matches in the results shown. */
  async highlightedWords(): Promise<string[]> {
    return this.results
      .locator('mark')
      .evaluateAll((marks) => marks.map((mark) => mark.textContent.replace(/\P{L}/gu, '')));
  }

  async resultPaths(): Promise<string[]> {
    return this.results.evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
  }
}
