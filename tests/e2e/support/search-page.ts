import { expect, type Locator, type Page } from '@playwright/test';
import { SitePage } from './site-page.ts';

/**
 * The search page and Pagefind's component UI on it: `<pagefind-input>`, the count in
 * `<pagefind-summary>` and the results in `<pagefind-results>`, in the page's flow, rendered
 * with our template (thumbnail, category, title link, excerpt, date).
 */
export class SearchPage extends SitePage {
  readonly input: Locator;
  readonly summary: Locator;
  /** The title link of each result shown. */
  readonly results: Locator;
  readonly resultItems: Locator;

  constructor(page: Page) {
    super(page);
    this.input = page.locator('pagefind-input input[type="search"]');
    this.summary = page.locator('pagefind-summary');
    this.resultItems = page.locator('pagefind-results .search-result');
    this.results = this.resultItems.locator('.search-result-title a');
  }

  /** Types a query and waits until Pagefind has answered, and its first result has loaded. */
  async search(term: string): Promise<void> {
    await expect(this.input).toBeEditable();
    await this.input.fill(term);
    // "Searching for …" until the answer; then "N results for …" or "No results for …".
    await expect(this.summary).toContainText(term);
    await expect(this.summary).not.toHaveText(/(\.\.\.|…)\s*$/);
    const answered = await this.page.locator('pagefind-results ul > li').count();
    if (answered > 0) await expect(this.results.first()).toBeVisible();
  }

  /** The words Pagefind marked as matches in the results shown. */
  async highlightedWords(): Promise<string[]> {
    return this.resultItems
      .locator('mark')
      .evaluateAll((marks) => marks.map((mark) => mark.textContent.replace(/\P{L}/gu, '')));
  }

  async resultPaths(): Promise<string[]> {
    return this.results.evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
  }
}
