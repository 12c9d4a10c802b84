import type { SiteContent } from '../content/index';
import type { Locale } from '../i18n/locales';
import { articleListPath, categoryPath, searchPath, staticPagePath } from './paths';

export interface NavigationLink {
  label: string;
  path: string;
}

/**
 * The header navigation of a locale, from its site settings. A link to a page or category that
 * does not exist in that locale fails the build instead of shipping a dead link.
 */
export function getNavigation(content: SiteContent, locale: Locale): NavigationLink[] {
  const settings = content.settings[locale];
  return settings.navigation.map(({ label, target }) => {
    switch (target.type) {
      case 'articles':
        return { label, path: articleListPath(locale, 1) };
      case 'search':
        return { label, path: searchPath(locale) };
      case 'page':
      case 'category': {
        const documents = target.type === 'page' ? content.pages : content.categories;
        const document = documents[locale].find((candidate) => candidate.key === target.key);
        if (document === undefined) {
          throw new Error(
            `Site settings "${locale}": navigation item "${label}" links to ${target.type} "${target.key}", which has no ${locale} version`,
          );
        }
        const toPath = target.type === 'page' ? staticPagePath : categoryPath;
        return { label, path: toPath(locale, document.slug) };
      }
    }
  });
}
