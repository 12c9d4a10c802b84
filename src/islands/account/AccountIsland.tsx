// The account page's island (`/{l}/account/`): the shared auth client and session, the page's
// strings. Hydrated on load: everyone who opens this page came for it.
import { useState } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import { getAuth, getMemberData } from '../shared/client';
import { SessionProvider } from '../shared/SessionProvider';
import { StringsProvider } from '../shared/strings';
import { Account } from './Account';
import type { AccountKey, ArticleLinks, LocalePaths } from './strings';

interface Props {
  locale: string;
  strings: IslandStrings<AccountKey>;
  articles: ArticleLinks;
  localePaths: LocalePaths;
  /** `/{l}/auth/confirm/`, made absolute in the browser. */
  confirmPath: string;
}

export default function AccountIsland({
  locale,
  strings,
  articles,
  localePaths,
  confirmPath,
}: Props) {
  // The build's server render has no session and no client: it shows the loading line, as the
  // first render in the browser does until the session is read.
  const [auth] = useState(() => (typeof window === 'undefined' ? null : getAuth()));
  return (
    <StringsProvider strings={strings}>
      {auth === null ? (
        <p className="meta">{strings['account.loading']}</p>
      ) : (
        <SessionProvider auth={auth}>
          <Account
            loadData={getMemberData}
            locale={locale}
            articles={articles}
            localePaths={localePaths}
            confirmUrl={`${window.location.origin}${confirmPath}`}
          />
        </SessionProvider>
      )}
    </StringsProvider>
  );
}
