import { authorNameIn } from '../../src/content/author-name.ts';
import { expect, test } from './support/fixtures.ts';
import { aRoute, locales, routesOf } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

for (const locale of locales) {
  test(`a reader goes from the ${locale} home page to the article list, an article, its category and its author`, async ({
    data,
    listPage,
    articlePage,
    page,
  }) => {
    const settings = data.content.settings[locale];
    const articlesLink = settings.navigation.find((item) => item.target.type === 'articles');
    if (articlesLink === undefined) throw new Error(`The ${locale} navigation has no article list`);
    const list = aRoute(data, 'article-list', locale);
    const entry = list.entries.find((candidate) => candidate.article.categories.length > 0);
    if (entry === undefined) throw new Error(`No article with a category on ${list.path}`);
    const article = routesOf(data, 'article', locale).find((route) => route.path === entry.path);
    const category = article?.categories[0];
    if (article === undefined || category === undefined) throw new Error('No article route');

    await listPage.open(aRoute(data, 'home', locale).path);
    await expect(listPage.heading).toHaveText(settings.title);

    await listPage.mainNavigation(locale).getByRole('link', { name: articlesLink.label }).click();
    await expect(page).toHaveURL(list.path);
    await expect(listPage.heading).toHaveText(uiText(locale, 'articleList.title'));

    await listPage.cardLinks.and(page.locator(`[href="${entry.path}"]`)).click();
    await expect(page).toHaveURL(entry.path);
    await expect(articlePage.heading).toHaveText(entry.article.title);

    await articlePage.categoryLinks(locale).filter({ hasText: category.title }).click();
    await expect(page).toHaveURL(category.path);
    await expect(listPage.heading).toHaveText(category.title);
    await expect(listPage.cardLinks.and(page.locator(`[href="${entry.path}"]`))).toBeVisible();

    await listPage.cardLinks.and(page.locator(`[href="${entry.path}"]`)).click();
    await articlePage.authorLink.click();
    await expect(page).toHaveURL(article.authorPath);
    await expect(listPage.heading).toHaveText(authorNameIn(entry.article.author, locale));
    expect(await listPage.cardPaths()).toContain(entry.path);
  });
}
