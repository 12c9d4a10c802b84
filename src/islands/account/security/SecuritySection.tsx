// The account page's Security section, loaded only when the page draws it (sections.tsx): the
// member's second factors and passkeys with when they were added and last used, adding an
// authenticator app (QR code and the key to type, confirmed with a first code), a passkey or a
// security key (named; the browser's own dialog), removing one (after a fresh second factor), and
// what to do when a phone or key is lost.
import type { GoTrueClient, Session } from '@supabase/auth-js';
import { useCallback, useEffect, useState } from 'react';
import type { ErrorKey } from '../../shared/error-keys';
import { SecondFactorForm } from '../../shared/second-factor/SecondFactorForm';
import { needsSecondFactor, verifiedFactors } from '../../shared/second-factor/assurance';
import { useT } from '../../shared/strings';
import type { AccountKey } from '../strings';
import { AddFactors } from './AddFactors';
import { loadEntries, removeEntry, type SecurityEntry } from './security-api';

interface Props {
  auth: GoTrueClient;
  session: Session;
  locale: string;
}

const kindKeys: Record<SecurityEntry['kind'], AccountKey> = {
  totp: 'account.security.kind.totp',
  webauthn: 'account.security.kind.webauthn',
  passkey: 'account.security.kind.passkey',
};

export default function SecuritySection({ auth, session, locale }: Props) {
  const t = useT();
  const [entries, setEntries] = useState<SecurityEntry[] | null>(null);
  const [message, setMessage] = useState<{ key: AccountKey | ErrorKey; error: boolean } | null>(
    null,
  );
  const owesFactor = needsSecondFactor(session);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

  const reload = useCallback(async () => {
    const loaded = await loadEntries(auth);
    if (typeof loaded === 'string') setMessage({ key: loaded, error: true });
    else setEntries(loaded);
  }, [auth]);
  useEffect(() => {
    void reload();
    // A verified factor changes the session: the list is asked for again.
  }, [reload, session.access_token]);

  const report = (done: AccountKey) => async (error: ErrorKey | null) => {
    setMessage(error ? { key: error, error: true } : { key: done, error: false });
    if (!error) await reload();
  };

  return (
    <>
      <p>{t('account.security.explain')}</p>
      <h3>{t('account.security.list')}</h3>
      {entries === null ? (
        <p className="meta">{t('account.loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('account.security.none')}</p>
      ) : (
        <ul className="security-list">
          {entries.map((entry) => {
            const name = entry.name || t(kindKeys[entry.kind]);
            return (
              <li key={entry.id}>
                <span className="security-name" dir="auto">
                  {name}
                </span>{' '}
                <span className="meta">
                  {t(kindKeys[entry.kind])} ·{' '}
                  {t('account.security.added', { date: date(entry.createdAt) })}
                  {entry.lastUsedAt &&
                    ` · ${t('account.security.lastUsed', { date: date(entry.lastUsedAt) })}`}
                </span>{' '}
                {!owesFactor && (
                  <button
                    type="button"
                    onClick={() =>
                      void removeEntry(auth, entry).then(report('account.security.removed'))
                    }
                  >
                    {t('account.security.remove', { name })}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {owesFactor ? (
        <>
          <p>{t('account.security.confirmFirst')}</p>
          <SecondFactorForm auth={auth} factors={verifiedFactors(session)} />
        </>
      ) : (
        <AddFactors auth={auth} onDone={(done, error) => void report(done)(error)} />
      )}
      <p
        role={message?.error ? 'alert' : 'status'}
        className={message?.error ? 'form-error' : 'form-status'}
      >
        {message ? t(message.key) : ''}
      </p>
      <h3>{t('account.security.lostHeading')}</h3>
      <p>{t('account.security.lost')}</p>
    </>
  );
}
