// /article-index.json: every article's title and path as readers of each locale reach it (its
// translation, or the English fallback), by article key. The reply e-mail function reads it, so an
// e-mail names the article in the member's language although the site is static.
import { getSiteContent } from '../content/index';
import { locales } from '../i18n/locales';
import { getArticleLinks } from '../lib/routing';

export async function GET() {
  const content = await getSiteContent();
  const index = Object.fromEntries(
    locales.map((locale) => [locale, getArticleLinks(content, locale)]),
  );
  return new Response(JSON.stringify(index), {
    headers: { 'Content-Type': 'application/json' },
  });
}
