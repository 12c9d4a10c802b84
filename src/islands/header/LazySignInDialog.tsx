// The sign-in dialog as the header loads it: on the first press of "Sign in", in its own chunk,
// together with its strings for the page's locale (see loadSignInDialog).
import type { ComponentProps } from 'react';
import type { IslandStrings } from '../../i18n/island-strings';
import type { Locale } from '../../i18n/locales';
import { StringsProvider } from '../shared/strings';
import { loadDialogStrings } from './dialog-strings';
import { SignInDialog } from './SignInDialog';
import type { DialogKey } from './strings';

type Props = ComponentProps<typeof SignInDialog> & { strings: IslandStrings<DialogKey> };

export default function LazySignInDialog({ strings, ...props }: Props) {
  return (
    <StringsProvider strings={strings}>
      <SignInDialog {...props} />
    </StringsProvider>
  );
}

export interface LoadedDialog {
  Dialog: typeof LazySignInDialog;
  strings: IslandStrings<DialogKey>;
}

/** The dialog's code and strings, once both have arrived. */
export async function loadSignInDialog(locale: Locale): Promise<LoadedDialog> {
  const strings = await loadDialogStrings(locale);
  return { Dialog: LazySignInDialog, strings };
}
