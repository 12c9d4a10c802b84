// The preferred language: stored in the profile (and, by a trigger, in the auth user's metadata for
// e-mails), remembered by this browser for the root page, and applied at once by opening this page
// in it. The header applies it on other devices after sign-in (header/LocaleOffer.tsx).
import type { MemberData } from '../shared/client';
import { useId, useState, type SyntheticEvent } from 'react';
import { rememberLocale } from '../../i18n/locale-preference';
import { localeNames, locales } from '../../i18n/locales';
import { announceProfileChange, type Profile } from '../shared/profile';
import { useT } from '../shared/strings';
import { ActionMessage } from './ActionMessage';
import { saveProfile } from './account-api';
import type { LocalePaths } from './strings';
import { useAction } from './use-action';

interface Props {
  db: MemberData;
  profile: Profile;
  locale: string;
  localePaths: LocalePaths;
  onSaved: (profile: Profile) => void;
}

export function LanguageForm({ db, profile, locale, localePaths, onSaved }: Props) {
  const t = useT();
  const id = useId();
  const [chosen, setChosen] = useState(profile.locale);
  const action = useAction();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const saved = await action.run(async () => {
      const result = await saveProfile(db, profile.id, { locale: chosen });
      if (!result.ok) return result.error;
      onSaved(result.value);
      announceProfileChange(result.value);
      rememberLocale(chosen);
      return null;
    });
    const target = localePaths[chosen];
    if (saved && chosen !== locale && target !== undefined) window.location.assign(target);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="field">
        <label htmlFor={id}>{t('account.language')}</label>
        <select
          id={id}
          value={chosen}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setChosen(event.target.value);
            action.edit();
          }}
        >
          {locales.map((each) => (
            <option key={each} value={each} lang={each}>
              {localeNames[each]}
            </option>
          ))}
        </select>
        <small id={`${id}-hint`} className="field-hint">
          {t('account.languageHint')}
        </small>
      </p>
      <button type="submit" className="button-primary" disabled={action.state.status === 'busy'}>
        {action.state.status === 'busy' ? t('auth.busy') : t('account.language.save')}
      </button>
      <ActionMessage state={action.state} />
    </form>
  );
}
