// The account page's Security section, loaded only when the page draws it (sections.tsx), as a
// settings list: one line each for passkeys, authenticator apps and security keys, saying which are
// set up (with when they were added and last used, each removable after a fresh second factor) and
// offering "Add…", which opens the form for that kind (AddFactors.tsx); then what to do when a
// phone or key is lost.
import type { GoTrueClient, Session } from '@supabase/auth-js';
import { useCallback, useEffect, useState } from 'react';
import type { ErrorKey } from '../../shared/error-keys';
import { SecondFactorForm } from '../../shared/second-factor/SecondFactorForm';
import { needsSecondFactor, verifiedFactors } from '../../shared/second-factor/assurance';
import { useT } from '../../shared/strings';
import { OpenedForm, SettingLine } from '../SettingLine';
import type { AccountKey } from '../strings';
import { AddFactorForm } from './AddFactors';
import { loadEntries, removeEntry, type SecurityEntry } from './security-api';

interface Props {
  auth: GoTrueClient;
  session: Session;
  locale: string;
}

type Kind = SecurityEntry['kind'];

/** The lines in page order, each with its heading, its "Add…" and the default name of an item. */
const lines: { kind: Kind; title: AccountKey; add: AccountKey; item: AccountKey }[] = [
  {
    kind: 'passkey',
    title: 'account.security.passkeys',
    add: 'account.security.passkey.add',
    item: 'account.security.kind.passkey',
  },
  {
    kind: 'totp',
    title: 'account.security.apps',
    add: 'account.security.totp.add',
    item: 'account.security.kind.totp',
  },
  {
    kind: 'webauthn',
    title: 'account.security.keys',
    add: 'account.security.key.add',
    item: 'account.security.kind.webauthn',
  },
];

export default function SecuritySection({ auth, session, locale }: Props) {
  const t = useT();
  const [entries, setEntries] = useState<SecurityEntry[] | null>(null);
  const [adding, setAdding] = useState<Kind | null>(null);
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

  const report = async (done: AccountKey, error: ErrorKey | null) => {
    setMessage(error ? { key: error, error: true } : { key: done, error: false });
    if (error) return;
    setAdding(null);
    await reload();
  };

  return (
    <>
      <p>{t('account.security.explain')}</p>
      {entries === null ? (
        <p className="meta">{t('account.loading')}</p>
      ) : (
        <ul className="settings-list">
          {lines.map((line) => {
            const items = entries.filter((entry) => entry.kind === line.kind);
            return (
              <SettingLine
                key={line.kind}
                title={t(line.title)}
                {...(items.length === 0 ? { status: t('account.security.none') } : {})}
                action={
                  !owesFactor && (
                    <button
                      type="button"
                      aria-expanded={adding === line.kind}
                      onClick={() => {
                        setAdding(adding === line.kind ? null : line.kind);
                      }}
                    >
                      {t(line.add)}
                    </button>
                  )
                }
              >
                {items.length > 0 && (
                  <ul className="setting-items">
                    {items.map((entry) => {
                      const name = entry.name || t(line.item);
                      return (
                        <li key={entry.id}>
                          <span className="security-name" dir="auto">
                            {name}
                          </span>{' '}
                          <span className="meta">
                            {t('account.security.added', { date: date(entry.createdAt) })}
                            {entry.lastUsedAt &&
                              ` · ${t('account.security.lastUsed', { date: date(entry.lastUsedAt) })}`}
                          </span>{' '}
                          {!owesFactor && (
                            <button
                              type="button"
                              onClick={() =>
                                void removeEntry(auth, entry).then((error) =>
                                  report('account.security.removed', error),
                                )
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
                {adding === line.kind && (
                  <OpenedForm>
                    <AddFactorForm
                      auth={auth}
                      kind={line.kind}
                      onDone={(done, error) => void report(done, error)}
                      onCancel={() => {
                        setAdding(null);
                      }}
                    />
                  </OpenedForm>
                )}
              </SettingLine>
            );
          })}
        </ul>
      )}
      {owesFactor && (
        <>
          <p>{t('account.security.confirmFirst')}</p>
          <SecondFactorForm auth={auth} factors={verifiedFactors(session)} />
        </>
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
