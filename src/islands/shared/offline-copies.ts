// The session's part in reading offline (src/offline/): a member's bookmarks are kept on the
// device, and leave it when they sign out. Only where service workers exist (not in tests' jsdom).
import { isLocale } from '../../i18n/locales';
import { forgetDeviceCopies, syncBookmarked } from '../../offline/device-copies';
import { loadRest } from './client';

let synced = false;

/**
 * Signed in, online: the device keeps the member's bookmarks as the server has them, so one
 * made or removed on another device is kept or dropped here too. Once per page, for every island.
 */
export function syncKeptBookmarks(): void {
  if (synced || !('serviceWorker' in navigator)) return;
  synced = true;
  const locale = document.documentElement.lang;
  void (async () => {
    const rest = await loadRest();
    const { data, error } = await rest
      .from('bookmarks')
      .select('article_key')
      .overrideTypes<{ article_key: string }[], { merge: false }>();
    if (error === null && isLocale(locale)) {
      syncBookmarked(
        data.map((row) => row.article_key),
        locale,
      );
    }
  })();
}

/** Signed out (here or in another tab): nothing the member read or kept stays on the device. */
export function forgetKeptCopies(): void {
  synced = false;
  if ('serviceWorker' in navigator || typeof caches !== 'undefined') void forgetDeviceCopies();
}
