// The comments island: loaded when the comment section scrolls into view (`client:visible`), so an
// article page downloads none of this before. It takes the one Supabase client of the page and
// the session the header uses, then renders the community features of one article.
import type { IslandStrings } from '../../i18n/island-strings';
import { getAuth, getSupabase } from '../shared/client';
import { SessionProvider } from '../shared/SessionProvider';
import { StringsProvider } from '../shared/strings';
import { useLoaded } from '../shared/use-loaded';
import { Community } from './Community';
import type { CommentsKey } from './strings';

interface Props {
  articleKey: string;
  locale: string;
  strings: IslandStrings<CommentsKey>;
}

export default function CommentsIsland({ articleKey, locale, strings }: Props) {
  const client = useLoaded(getSupabase);
  return (
    <StringsProvider strings={strings}>
      {client === null ? (
        <p className="meta">{strings['comments.loading']}</p>
      ) : (
        <SessionProvider auth={getAuth()}>
          <Community client={client} articleKey={articleKey} locale={locale} />
        </SessionProvider>
      )}
    </StringsProvider>
  );
}
