/**
 * Which kind of page an HTML file of `dist/` is, from its path (the URL layout of PRODUCT.md §3).
 * Static pages are whatever single segment under a locale is not another route.
 */
const otherRoutes = new Set([
  'articles',
  'authors',
  'categories',
  'search',
  '404',
  'offline',
  'reading-list',
]);

/** @param {string} path path inside dist/, with forward slashes, e.g. `de/articles/x/index.html` */
export function pageTypeOf(path) {
  if (path === 'index.html') return 'root chooser';
  if (path === '404.html') return '404 (root)';
  const segments = path
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '')
    .split('/')
    .filter(Boolean);
  const [, section, name, extra, pageNumber] = segments;
  // Page 1 of a category's or author's list, or one of its later pages (`…/{slug}/page/{n}/`).
  const listPage = extra === undefined || (extra === 'page' && pageNumber !== undefined);
  if (segments.length === 1) return 'home';
  if (section === '404') return '404';
  if (section === 'search') return 'search';
  if (section === 'auth') return 'auth page';
  if (section === 'account' && name === undefined) return 'account';
  if (section === 'moderation' && name === undefined) return 'moderation';
  if (section === 'offline' && name === undefined) return 'offline';
  if (section === 'reading-list' && name === undefined) return 'reading list';
  if (section === 'articles') {
    return name === undefined || name === 'page' ? 'article list' : 'article';
  }
  if (section === 'categories' && name !== undefined && listPage) return 'category';
  if (section === 'authors' && name !== undefined && listPage) return 'author';
  if (segments.length === 2 && section !== undefined && !otherRoutes.has(section))
    return 'static page';
  return 'other';
}
