import type { UiKey } from './ui-keys';

/**
 * One line of context per UI string, for translators: where the string appears and what its
 * variables and `<0>…</0>` link tags hold. Plural keys are described once, without the suffix.
 */
export const descriptions: Record<UiKey, string> = {
  'site.skipLink': 'First link on every page, visible on keyboard focus; jumps past the header.',
  'site.titleTemplate':
    'Browser tab title of inner pages. {{page}} is the page title, {{site}} the publication name.',
  'nav.main': 'Accessible name of the main navigation in the header (read by screen readers).',
  'nav.footer': 'Accessible name of the footer navigation holding the RSS link and languages.',
  'languagePicker.label': 'Heading/label of the list of languages in the header.',
  'languagePicker.current':
    'Screen-reader suffix after the name of the language the page is shown in.',
  'languagePicker.unavailable':
    'Suffix after a language in which this document does not exist; the link leads to that language’s home page.',
  'home.featured': 'Heading above the one featured (newest) article on the home page.',
  'home.latest': 'Heading above the list of recent articles on the home page.',
  'home.categories': 'Heading above the list of categories on the home page.',
  'home.allArticles': 'Link under the recent articles to the full, paginated article list.',
  'articleList.title': 'Heading and tab title of the first page of the article list.',
  'articleList.pageTitle':
    'Heading of later pages of the article list. {{page}} is this page number, {{total}} the number of pages.',
  'articleList.empty':
    'Shown instead of the article list when nothing is published in this language.',
  'articleList.count':
    'Number of articles on a list, category or author page. Plural by {{count}}; forms without the number are fine.',
  'pagination.label': 'Accessible name of the navigation between pages of a list.',
  'pagination.previous': 'Link to the previous page of a list.',
  'pagination.next': 'Link to the next page of a list.',
  'pagination.page':
    'Accessible name of a numbered link to one page of a list. {{page}} is the number.',
  'article.byline':
    'Under an article title. <0>{{author}}</0> becomes a link to the author’s page.',
  'article.published': 'Publication date of an article; {{date}} is already a formatted date.',
  'article.updated':
    'Date of the last revision of an article; {{date}} is already a formatted date.',
  'article.categories': 'Label before the list of an article’s categories.',
  'article.readingTime':
    'Estimated reading time of an article in minutes. Plural by {{count}}; forms without the number are fine.',
  'article.fallbackNotice':
    'Notice on an article shown in English because it has no translation into this language yet. <0>…</0> links to the English page.',
  'article.aboutAuthor': 'Heading of the author’s short biography at the end of an article.',
  'articleCard.fallbackBadge':
    'Badge on an article teaser whose text is English because it has not been translated into this language.',
  'category.empty': 'Shown on a category page that has no articles in this language.',
  'author.articles':
    'Heading of the article list on an author’s page. {{author}} is the author’s name.',
  'author.empty': 'Shown on an author’s page without articles. {{author}} is the author’s name.',
  'search.title': 'Heading and tab title of the search page.',
  'search.intro': 'One sentence under the search heading; search covers only this language.',
  'search.noscript':
    'Shown when JavaScript is off, since search needs it. <0>…</0> links to the article list.',
  'notFound.title': 'Heading and tab title of the “page not found” (404) page.',
  'notFound.body':
    'Explanation on the 404 page. <0>…</0> links to the home page, <1>…</1> to the search page.',
  'footer.rss': 'Footer link to this language’s RSS feed.',
  'root.continue': 'Link on the language chooser that opens this language’s home page.',
};
