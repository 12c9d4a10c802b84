// The sign-in dialog as the header loads it: on the first press of "Sign in", in its own chunk,
// with its strings for the page's locale (React suspends until both have arrived).
import { use, type ComponentProps } from 'react';
import type { Locale } from '../../i18n/locales';
import { StringsProvider } from '../shared/strings';
import { loadDialogStrings } from './dialog-strings';
import { SignInDialog } from './SignInDialog';

type Props = ComponentProps<typeof SignInDialog> & { locale: Locale };

export default function LazySignInDialog({ locale, ...props }: Props) {
  const strings = use(loadDialogStrings(locale));
  return (
    <StringsProvider strings={strings}>
      <SignInDialog {...props} />
    </StringsProvider>
  );
}
