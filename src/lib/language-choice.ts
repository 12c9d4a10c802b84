import { localePreferenceKey } from '../i18n/locale-preference';

/**
 * The one inline script of every localized page (a few hundred bytes; no island, no request).
 *
 * - A language picked in the switcher is the reader's saved choice (PRODUCT.md §3): `/` reads the
 *   same `localStorage` key (src/lib/locale-negotiation.ts), so after choosing Deutsch, `/` opens
 *   `/de/`. Only the switcher saves: a German article reached from a search engine does not.
 * - Links marked `data-keep-address` (the switcher on the e-mail link page) carry the page's query
 *   and fragment along, so the token of an e-mail link survives a change of language. They are
 *   rewritten at once (for "open in new tab" and "copy link") and again on press, in case the
 *   address changed since.
 *
 * Plain ES5 like the root's script; `localStorage` may throw (privacy modes): the choice is then
 * not saved and the link still works.
 */
export function languageChoiceScript(): string {
  const key = JSON.stringify(localePreferenceKey);
  return `(function(){var q='.language-picker a[hreflang]';function k(a){if(a.hasAttribute('data-keep-address'))a.href=a.href.split(/[?#]/)[0]+location.search+location.hash}var l=document.querySelectorAll(q);for(var i=0;i<l.length;i++)k(l[i]);document.addEventListener('click',function(e){var a=e.target&&e.target.closest?e.target.closest(q):null;if(!a)return;k(a);try{localStorage.setItem(${key},a.getAttribute('hreflang'))}catch(x){}})})();`;
}
