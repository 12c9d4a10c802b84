import { expect, type Locator, type Page } from '@playwright/test';
import type { Locale } from '../../../src/i18n/locales.ts';
import { SitePage } from './site-page.ts';
import { uiText } from './ui-strings.ts';

/**
 * The search page and Pagefind's component UI on it: `<pagefind-input>`, the count in
 * `<pagefind-summary>` and the results in `<pagefind-results>`, in the page's flow, rendered
 * with our template (thumbnail, category, title link, excerpt, date). Until Pagefind's UI has
 * loaded, the page shows a server-rendered search form in its place.
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

  /** The server-rendered search box the page paints with, before Pagefind's UI has loaded. */
  earlyInput(locale: Locale): Locator {
    return this.page.getByRole('searchbox', { name: uiText(locale, 'search.label'), exact: true });
  }

  /**
   * Holds back Pagefind's UI, its script and stylesheet (the copies Pagefind writes next to its
   * index), until the returned function is called, as a slow connection would.
   */
  async holdSearchUi(): Promise<() => void> {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await this.page.route('**/pagefind/pagefind-component-ui.*', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /**
   * Waits for the answer to a query already given (typed, or in the address): "Searching for …"
   * until then, "N results for …" or "No results for …" after.
   */
  async waitForAnswer(term: string): Promise<void> {
    await expect(this.summary).toContainText(term);
    await expect(this.summary).not.toHaveText(/(\.\.\.|…)\s*$/);
  }

  /** Pagefind's box holds `term`, has answered it, and lists the page at `path` among the results. */
  async expectFound(term: string, path: string): Promise<void> {
    await expect(this.input).toHaveValue(term);
    await this.waitForAnswer(term);
    await expect(this.results.and(this.page.locator(`[href="${path}"]`))).toBeVisible();
  }

  /**
   * Focuses the search box as a reader reaching for it does; Pagefind's UI loads then and takes
   * the server-rendered box's place, focused.
   */
  async reachForBox(): Promise<void> {
    await this.page.getByRole('searchbox').focus();
    await expect(this.input).toBeFocused();
  }

  /** Types a query and waits until Pagefind has answered, and its first result has loaded. */
  async search(term: string): Promise<void> {
    await this.reachForBox();
    await this.input.fill(term);
    await this.waitForAnswer(term);
    const answered = await this.page.locator('pagefind-results ul > li').count();
    if (answered > 0) await expect(this.results.first()).toBeVisible();
  }

  /** The words Pagefind marked as matches in the results shown. */
  async highlightedWords(): Promise<string[]> {
    return this.resultItems
      .locator('mark')
      .evaluateAll((marks) => marks.map((mark) => mark.textContent.replace(/\P{L}/gu, '')));
  }

  /** The query the address carries (`?q=`), or null when it has none. */
  addressQuery(): string | null {
    return new URL(this.page.url()).searchParams.get('q');
  }

  /**
   * What a reader sees of the answer: the count ("N results for …") and the first result's path
   * (the others load as they are scrolled to).
   */
  async answerShown(): Promise<{ summary: string; firstResult: string | undefined }> {
    await expect(this.results.first()).toBeVisible();
    return { summary: await this.summary.innerText(), firstResult: (await this.resultPaths())[0] };
  }

  async resultPaths(): Promise<string[]> {
    return this.results.evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
  }
}
