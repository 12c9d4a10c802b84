import type { Translate } from '../i18n/translator';

/**
 * A category's or author's list title on one of its pages: the title alone on page 1, then
 * `pagination.pageTitle` ("Language, page 2 of 42").
 */
export function pagedTitle(
  t: Translate,
  title: string,
  { page, totalPages }: { page: number; totalPages: number },
): string {
  return page === 1 ? title : t('pagination.pageTitle', { title, page, total: totalPages });
}
