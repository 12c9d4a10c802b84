// The moderation page's island: the shared client and session, the page's strings.
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import { getAuth, getSupabase } from '../shared/client';
import { SessionProvider } from '../shared/SessionProvider';
import { StringsProvider } from '../shared/strings';
import { Moderation } from './Moderation';
import type { ArticleLinks, ModerationKey } from './strings';

interface Props {
  locale: string;
  strings: IslandStrings<ModerationKey>;
  articles: ArticleLinks;
}

export default function ModerationIsland({ locale, strings, articles }: Props) {
  const [client, setClient] = useState<SupabaseClient | null>(null);
  useEffect(() => {
    void getSupabase().then(setClient);
  }, []);
  return (
    <StringsProvider strings={strings}>
      {client === null ? (
        <p className="meta">{strings['moderation.loading']}</p>
      ) : (
        <SessionProvider auth={getAuth()}>
          <Moderation client={client} locale={locale} articles={articles} />
        </SessionProvider>
      )}
    </StringsProvider>
  );
}
