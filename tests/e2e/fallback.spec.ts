import { expect, test } from './support/fixtures.ts';
import { anArticle, locales } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

for (const locale of locales.filter((candidate) => candidate !== 'en')) {
  test(`an untranslated article under /${locale}/ says so, is noindex and points its canonical at the English original`, async ({
    data,
    articlePage,
    page,
  }) => {
    const fallback = anArticle(data, { locale, fallback: true });
    await articlePage.open(fallback.path);

    await expect(articlePage.html).toHaveAttribute('lang', locale);
    await expect(articlePage.fallbackNotice).toHaveText(uiText(locale, 'article.fallbackNotice'));
    await expect(articlePage.heading).toHaveText(fallback.article.title);
    await expect(articlePage.heading).toHaveAttribute('lang', 'en');
    await expect(articlePage.robots()).toHaveAttribute('content', /noindex/);
    expect(await articlePage.canonicalPath()).toBe(fallback.sourcePath);
    expect(await articlePage.alternates()).toEqual([]);

    await articlePage.fallbackNotice.getByRole('link').click();
    await expect(page).toHaveURL(fallback.sourcePath);
    await expect(articlePage.html).toHaveAttribute('lang', 'en');
    await expect(articlePage.fallbackNotice).toHaveCount(0);
  });
}

for (const locale of locales.filter((candidate) => candidate !== 'en')) {
  test(`an untranslated article under /${locale}/ introduces its author with the ${locale} bio, not the English one`, async ({
    data,
    articlePage,
    page,
  }) => {
    const fallback = anArticle(data, { locale, fallback: true });
    const author = data.content.authors.find((a) => a._id === fallback.article.author._id);
    const bio = author?.bio[locale];
    if (author === undefined || bio === undefined)
      throw new Error(`no ${locale} bio of the author`);
    await articlePage.open(fallback.path);

    const card = page.getByRole('region', { name: uiText(locale, 'article.aboutAuthor') });
    await expect(card.getByText(bio)).toBeVisible();
    await expect(card.getByText(bio)).not.toHaveAttribute('lang', 'en');
    if (author.bio.en !== undefined) await expect(card).not.toContainText(author.bio.en);
  });
}
