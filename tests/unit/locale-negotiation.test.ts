import { describe, expect, it } from 'vitest';
import { negotiationScript, scriptHash } from '../../src/lib/locale-negotiation';

interface Browser {
  saved?: string | null;
  storageThrows?: boolean;
  languages?: string[];
  language?: string;
  /** The address's query and fragment, with their `?` and `#`. */
  search?: string;
  hash?: string;
}

/** Runs the root page's script against a fake browser and returns where it sent the reader. */
function negotiate(browser: Browser): string {
  let target = '';
  const localStorage = {
    getItem: () => {
      if (browser.storageThrows === true) throw new Error('SecurityError');
      return browser.saved ?? null;
    },
  };
  const navigator = { languages: browser.languages, language: browser.language ?? '' };
  const location = {
    search: browser.search ?? '',
    hash: browser.hash ?? '',
    replace: (url: string) => (target = url),
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script under test is a string by nature
  const run = new Function('localStorage', 'navigator', 'location', negotiationScript()) as (
    ...globals: unknown[]
  ) => void;
  run(localStorage, navigator, location);
  return target;
}

describe('root locale negotiation', () => {
  it('prefers the saved choice over the browser languages', () => {
    expect(negotiate({ saved: 'ar', languages: ['de-DE', 'en'] })).toBe('/ar/');
  });

  it('ignores a saved value that is not a locale of the site', () => {
    expect(negotiate({ saved: 'xx', languages: ['fr-CA'] })).toBe('/fr/');
  });

  it('takes the first browser language the site has, matching by language', () => {
    expect(negotiate({ languages: ['ja', 'de-AT', 'fr'] })).toBe('/de/');
  });

  it('falls back to navigator.language, then English', () => {
    expect(negotiate({ languages: [], language: 'FR-fr' })).toBe('/fr/');
    expect(negotiate({ languages: ['ja', 'ko'] })).toBe('/en/');
  });

  it('still works when storage access throws', () => {
    expect(negotiate({ storageThrows: true, languages: ['ar-EG'] })).toBe('/ar/');
  });

  it('takes a sign-in error in the query to the link page of the chosen locale, kept whole', () => {
    const search = '?error=invalid_request&error_code=validation_failed&error_description=SAML+x';
    expect(negotiate({ languages: ['ar'], search })).toBe(`/ar/auth/confirm/${search}`);
  });

  it('takes a sign-in error in the fragment there too', () => {
    const hash = '#error=access_denied&error_code=user_banned';
    expect(negotiate({ saved: 'de', hash })).toBe(`/de/auth/confirm/${hash}`);
    expect(negotiate({ languages: ['fr'], hash: '#error=access_denied' })).toBe(
      '/fr/auth/confirm/#error=access_denied',
    );
  });

  it('leaves other parameters on the home page', () => {
    expect(negotiate({ languages: ['fr'], search: '?ref=newsletter&terror=1' })).toBe('/fr/');
  });

  it('hashes the script for the CSP', () => {
    expect(scriptHash('a')).toBe('sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=');
  });
});
