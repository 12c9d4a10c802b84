// The account page's island (`/{l}/account/`): the shared clients and session, the page's strings.
// Hydrated on load: everyone who opens this page came for it.
import { useEffect, useState } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import { getAuth, getMemberData, type MemberData } from '../shared/client';
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
  const [db, setDb] = useState<MemberData | null>(null);
  useEffect(() => {
    void getMemberData().then(setDb);
  }, []);
  return (
    <StringsProvider strings={strings}>
      {db === null ? (
        <p className="meta">{strings['account.loading']}</p>
      ) : (
        <SessionProvider auth={getAuth()}>
          <Account
            db={db}
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
