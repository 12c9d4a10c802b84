// The e-mail link page's island: the shared auth client, the page's strings and address.
import { useState } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import { getAuth } from '../shared/client';
import { StringsProvider } from '../shared/strings';
import { ConfirmLink, type ConfirmPaths } from './ConfirmLink';
import type { ConfirmKey } from './strings';

interface Props {
  locale: string;
  strings: IslandStrings<ConfirmKey>;
  paths: ConfirmPaths;
}

export default function ConfirmIsland({ locale, strings, paths }: Props) {
  // The build's server render has no address and no client: it shows the loading line.
  const [auth] = useState(() => (typeof window === 'undefined' ? null : getAuth()));
  return (
    <StringsProvider strings={strings}>
      {auth === null ? (
        <p className="meta">{strings['confirm.loading']}</p>
      ) : (
        <ConfirmLink
          auth={auth}
          locale={locale}
          paths={paths}
          url={new URL(window.location.href)}
          navigate={(path) => {
            window.location.assign(path);
          }}
        />
      )}
    </StringsProvider>
  );
}
