import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getSiteContent } from '../../content/index';
import { locales, type Locale } from '../../i18n/locales';
import { homePath } from '../../lib/paths';
import { getFeedEntries } from '../../lib/routing';

export function getStaticPaths() {
  return locales.map((locale) => ({ params: { locale } }));
}

/** A feed per locale with that locale's own articles (fallbacks are not news in that language). */
export async function GET(context: APIContext) {
  const locale = context.params['locale'] as Locale;
  const content = await getSiteContent();
  const settings = content.settings[locale];
  const site = context.site ?? context.url;
  return rss({
    title: settings.title,
    description: settings.description,
    site: new URL(homePath(locale), site).href,
    items: getFeedEntries(content, locale).map(({ article, path }) => ({
      title: article.title,
      link: path,
      pubDate: new Date(article.publishedAt),
      description: article.excerpt,
      categories: article.categories.map((category) => category.title),
    })),
    customData: `<language>${locale}</language>`,
    trailingSlash: true,
  });
}
