// Applies the member's preferred language (stored in their profile, so it follows them to every
// device): right after signing in on a page in another language, the page moves to the same page
// in theirs; a member who later opens a page in another language on purpose is only offered the
// switch, which they can dismiss for the rest of the visit.
import { useEffect, useState } from 'react';
import { rememberLocale } from '../../i18n/locale-preference';
import { isLocale, localeNames } from '../../i18n/locales';
import type { Profile } from '../shared/profile';
import { useT } from '../shared/strings';

const dismissedKey = 'polyglot-press.locale-offer-dismissed';

interface Props {
  profile: Profile | null;
  locale: string;
  /** This page in each locale (its translation, or that locale's home). */
  localePaths: Readonly<Record<string, string>>;
  /** The member signed in on this page just now (not a session restored on load). */
  freshSignIn: boolean;
}

function dismissedFor(): string | null {
  try {
    return sessionStorage.getItem(dismissedKey);
  } catch {
    return null;
  }
}

export function LocaleOffer({ profile, locale, localePaths, freshSignIn }: Props) {
  const t = useT();
  const [dismissed, setDismissed] = useState(dismissedFor);
  const preferred = profile?.locale ?? locale;
  const target = localePaths[preferred];
  const differs = preferred !== locale && isLocale(preferred) && target !== undefined;

  useEffect(() => {
    if (!differs || !freshSignIn) return;
    rememberLocale(preferred);
    window.location.assign(target);
  }, [differs, freshSignIn, preferred, target]);

  if (!differs || freshSignIn || dismissed === preferred) return null;
  const language = localeNames[preferred];
  return (
    <p role="status" className="session-notice locale-offer">
      {t('header.localeOffer', { language })}{' '}
      <a href={target} hrefLang={preferred} lang={preferred}>
        {t('header.localeSwitch', { language })}
      </a>{' '}
      <button
        type="button"
        onClick={() => {
          try {
            sessionStorage.setItem(dismissedKey, preferred);
          } catch {
            // Storage blocked: dismissed for this page only.
          }
          setDismissed(preferred);
        }}
      >
        {t('header.dismiss')}
      </button>
    </p>
  );
}
