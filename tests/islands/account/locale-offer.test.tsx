// @vitest-environment jsdom
// The header applies the member's preferred language: at once after signing in on this page,
// otherwise as an offer the member can dismiss for the visit.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { islandStrings } from '../../../src/i18n/island-strings';
import { localePreferenceKey } from '../../../src/i18n/locale-preference';
import { LocaleOffer } from '../../../src/islands/header/LocaleOffer';
import { headerKeys } from '../../../src/islands/header/strings';
import type { Profile } from '../../../src/islands/shared/profile';
import { StringsProvider } from '../../../src/islands/shared/strings';

const strings = islandStrings('en', headerKeys);
const paths = { en: '/en/articles/x/', de: '/de/articles/y/', fr: '/fr/', ar: '/ar/' };
const german: Profile = {
  id: 'u',
  display_name: 'Lou',
  avatar_path: null,
  role: 'member',
  locale: 'de',
};

function renderOffer(profile: Profile | null, freshSignIn: boolean) {
  return render(
    <StringsProvider strings={strings}>
      <LocaleOffer profile={profile} locale="en" localePaths={paths} freshSignIn={freshSignIn} />
    </StringsProvider>,
  );
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  assign = vi.fn();
  // jsdom cannot navigate: the test only needs to see where the page was sent.
  vi.stubGlobal('location', { href: window.location.href, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LocaleOffer', () => {
  it('moves a member who just signed in to this page in their language', () => {
    renderOffer(german, true);
    expect(assign).toHaveBeenCalledWith('/de/articles/y/');
    expect(localStorage.getItem(localePreferenceKey)).toBe('de');
  });

  it('only offers the switch to a member whose session was restored, until dismissed', () => {
    renderOffer(german, false);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Continue in Deutsch' })).toHaveProperty(
      'pathname',
      '/de/articles/y/',
    );
    fireEvent.click(screen.getByRole('button', { name: strings['header.dismiss'] }));
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    renderOffer(german, false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing when the page is in the member’s language or the profile is not loaded', () => {
    renderOffer({ ...german, locale: 'en' }, true);
    renderOffer(null, true);
    expect(screen.queryByRole('status')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
