// The names and options of outside sign-in services as the site shows and asks them.
import { describe, expect, it } from 'vitest';
import {
  parseProviderNames,
  providerName,
  providerOptions,
} from '../../src/islands/shared/providers.ts';

describe('outside sign-in services', () => {
  it('reads the names an operator gives at build time, ignoring malformed entries', () => {
    expect(parseProviderNames('keycloak=Polyglot ID, google = Google ,broken,=Nameless')).toEqual({
      keycloak: 'Polyglot ID',
      google: 'Google',
    });
    expect(parseProviderNames(undefined)).toEqual({});
  });

  it('names a provider by its brand, or its id capitalised', () => {
    expect(providerName('github')).toBe('GitHub');
    expect(providerName('keycloak')).toBe('Keycloak');
  });

  it("asks Keycloak for openid and every provider's page in the reader's language", () => {
    expect(providerOptions('keycloak', 'ar', 'https://s.example/ar/auth/confirm/')).toEqual({
      redirectTo: 'https://s.example/ar/auth/confirm/',
      queryParams: { ui_locales: 'ar' },
      scopes: 'openid',
    });
    expect(providerOptions('google', 'de', 'https://s.example/de/auth/confirm/')).toEqual({
      redirectTo: 'https://s.example/de/auth/confirm/',
      queryParams: { ui_locales: 'de' },
    });
  });
});
