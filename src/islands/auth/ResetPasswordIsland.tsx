// The new-password page's island: the shared auth client and session, the page's strings.
import { useState } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import { getAuth } from '../shared/client';
import { SessionProvider } from '../shared/SessionProvider';
import { StringsProvider } from '../shared/strings';
import { ResetPassword } from './ResetPassword';
import type { ResetPasswordKey } from './strings';

interface Props {
  locale: string;
  strings: IslandStrings<ResetPasswordKey>;
  paths: { home: string; confirm: string; resetPassword: string };
}

export default function ResetPasswordIsland({ locale, strings, paths }: Props) {
  const [auth] = useState(() => (typeof window === 'undefined' ? null : getAuth()));
  return (
    <StringsProvider strings={strings}>
      {auth === null ? (
        <p className="meta">{strings['confirm.loading']}</p>
      ) : (
        <SessionProvider auth={auth}>
          <ResetPassword
            auth={auth}
            homePath={paths.home}
            links={{
              confirmUrl: new URL(paths.confirm, window.location.origin).href,
              resetUrl: new URL(paths.resetPassword, window.location.origin).href,
              locale,
            }}
          />
        </SessionProvider>
      )}
    </StringsProvider>
  );
}
