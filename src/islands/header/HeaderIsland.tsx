// The header island's root, hydrated by `client:session` (see shared/session-directive.ts). It
// creates nothing during the build's server render, where it shows the same "Sign in" button.
import { useState } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import type { Locale } from '../../i18n/locales';
import { getAuth, loadRest } from '../shared/client';
import { SessionProvider } from '../shared/SessionProvider';
import { StringsProvider, useT } from '../shared/strings';
import { Header, type HeaderPaths } from './Header';
import type { HeaderKey } from './strings';

interface Props {
  locale: Locale;
  strings: IslandStrings<HeaderKey>;
  paths: HeaderPaths;
  storageKey: string;
}

function StaticSignIn() {
  const t = useT();
  return (
    // The same attributes as Header's button: hydration keeps these, and other islands find the
    // button by `data-sign-in` before the header has loaded.
    <button type="button" className="sign-in-button" aria-haspopup="dialog" data-sign-in>
      {t('header.signIn')}
    </button>
  );
}

export default function HeaderIsland({ locale, strings, paths, storageKey }: Props) {
  const [clients] = useState(() => (typeof window === 'undefined' ? null : { auth: getAuth() }));
  const [hadStoredSession] = useState(() => {
    try {
      return typeof window !== 'undefined' && localStorage.getItem(storageKey) !== null;
    } catch {
      return false;
    }
  });
  return (
    <StringsProvider strings={strings}>
      {clients === null ? (
        <StaticSignIn />
      ) : (
        <SessionProvider auth={clients.auth} hadStoredSession={hadStoredSession}>
          <Header auth={clients.auth} loadRest={loadRest} locale={locale} paths={paths} />
        </SessionProvider>
      )}
    </StringsProvider>
  );
}
