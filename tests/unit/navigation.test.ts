import { describe, expect, it } from 'vitest';
import { getNavigation } from '../../src/lib/navigation';
import { buildContent } from './helpers/site-content';

describe('header navigation', () => {
  const content = buildContent({
    pages: [{ key: 'about', slugs: { en: 'about', de: 'ueber-uns' } }],
  });

  it('links settings targets to the locale’s own slugs', () => {
    content.settings.de.navigation = [
      { label: 'Artikel', target: { type: 'articles' } },
      {
        label: 'Über uns',
        target: { type: 'page', key: 'translation.metadata.page.about', slug: 'ueber-uns' },
      },
      { label: 'Suche', target: { type: 'search' } },
    ];
    expect(getNavigation(content, 'de')).toEqual([
      { label: 'Artikel', path: '/de/articles/' },
      { label: 'Über uns', path: '/de/ueber-uns/' },
      { label: 'Suche', path: '/de/search/' },
    ]);
  });

  it('fails the build on a link to a page missing in that locale, naming it', () => {
    content.settings.fr.navigation = [
      {
        label: 'À propos',
        target: { type: 'page', key: 'translation.metadata.page.about', slug: 'a-propos' },
      },
    ];
    expect(() => getNavigation(content, 'fr')).toThrow(
      'Site settings "fr": navigation item "À propos" links to page "translation.metadata.page.about", which has no fr version',
    );
  });
});
