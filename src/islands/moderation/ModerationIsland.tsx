// The moderation page's island: the shared auth client and session, the page's strings.
import { useState } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import { getAuth, getSupabase } from '../shared/client';
import { storedSession } from '../shared/session-state';
import { SessionProvider, useSession } from '../shared/SessionProvider';
import { StringsProvider, useT } from '../shared/strings';
import { useLoaded } from '../shared/use-loaded';
import { Moderation } from './Moderation';
import type { ArticleLinks, ModerationKey } from './strings';

interface Props {
  locale: string;
  strings: IslandStrings<ModerationKey>;
  articles: ArticleLinks;
}

export default function ModerationIsland({ locale, strings, articles }: Props) {
  // The build's server render has no session and no client: it shows the loading line, as the
  // first render in the browser does until the session is read.
  const [auth] = useState(() => (typeof window === 'undefined' ? null : getAuth()));
  return (
    <StringsProvider strings={strings}>
      {auth === null ? (
        <p className="meta">{strings['moderation.loading']}</p>
      ) : (
        <SessionProvider auth={auth}>
          <ModerationForSession locale={locale} articles={articles} />
        </SessionProvider>
      )}
    </StringsProvider>
  );
}

/**
 * Signed out, the page says whom it is for as soon as the session is read; only a signed-in
 * member waits for supabase-js (getSupabase() loads it on demand, 35 kB gzip).
 */
function ModerationForSession({ locale, articles }: Omit<Props, 'strings'>) {
  const t = useT();
  const { state } = useSession();
  // A staff sign-in that owes its second factor is asked for it on this page (Moderation.tsx).
  const signedIn = storedSession(state) !== null;
  const client = useLoaded(getSupabase, signedIn);
  if (state.status === 'signedOut') return <p>{t('moderation.signedOut')}</p>;
  if (client === null) return <p className="meta">{t('moderation.loading')}</p>;
  return <Moderation client={client} locale={locale} articles={articles} />;
}
