import { createHash } from 'node:crypto';
import { localePreferenceKey } from '../i18n/locale-preference';
import { defaultLocale, locales } from '../i18n/locales';
import { authConfirmPath } from './paths';

/** `auth/confirm/`: the part of the link page's path after its locale. */
const confirmPage = authConfirmPath(defaultLocale).slice(`/${defaultLocale}/`.length);

/**
 * The inline script of `/`: the saved choice, else the first of `navigator.languages` the site
 * has (by language, so `de-AT` finds `de`), else the default locale. Plain ES5 so any browser
 * runs it; `localStorage` may throw (privacy modes), which counts as no saved choice.
 *
 * GoTrue sends a refused single sign-on (and an outside sign-in whose state it lost) to the site
 * URL, this page, with `error` / `error_code` in the query or fragment: such an address goes to
 * that locale's `/{l}/auth/confirm/` with its query and fragment, where the reader is told why.
 */
export function negotiationScript(): string {
  return `(function(){var s=${JSON.stringify(locales)},p=null;try{p=localStorage.getItem(${JSON.stringify(localePreferenceKey)})}catch(e){}if(s.indexOf(p)<0){p=null;var w=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];for(var i=0;i<w.length&&!p;i++){var b=String(w[i]).toLowerCase().split('-')[0];if(s.indexOf(b)>=0)p=b}}var q=location.search||'',h=location.hash||'',f=/[?#&]error(_code)?=/.test(q+h);location.replace('/'+(p||${JSON.stringify(defaultLocale)})+'/'+(f?${JSON.stringify(confirmPage)}+q+h:''))})();`;
}

const scriptHashes = new Map<string, `sha256-${string}`>();

/**
 * The CSP source expression that allows exactly this script (`'sha256-…'` without quotes).
 * Remembered per script: every page of a build inserts the same language-choice script's hash.
 */
export function scriptHash(script: string): `sha256-${string}` {
  let hash = scriptHashes.get(script);
  if (hash === undefined) {
    hash = `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
    scriptHashes.set(script, hash);
  }
  return hash;
}
