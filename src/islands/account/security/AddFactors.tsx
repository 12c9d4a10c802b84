// Adding to the Security section: one name field, then an authenticator app (QR code and key, then
// the first code), a passkey or a security key (the browser's own dialog).
import type { GoTrueClient } from '@supabase/auth-js';
import { useState, type SyntheticEvent } from 'react';
import type { ErrorKey } from '../../shared/error-keys';
import { useT } from '../../shared/strings';
import { Field } from '../Field';
import type { AccountKey } from '../strings';
import {
  addPasskey,
  addSecurityKey,
  startTotp,
  verifyTotp,
  type TotpEnrolment,
} from './security-api';

interface Props {
  auth: GoTrueClient;
  onDone: (done: AccountKey, error: ErrorKey | null) => void;
}

export function AddFactors({ auth, onDone }: Props) {
  const t = useT();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [totp, setTotp] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');

  const run = async (done: AccountKey, task: () => Promise<ErrorKey | null>) => {
    if (busy) return;
    setBusy(true);
    const error = await task();
    setBusy(false);
    onDone(done, error);
    return error;
  };

  const beginTotp = async () => {
    if (busy) return;
    setBusy(true);
    const started = await startTotp(auth, name || t('account.security.kind.totp'));
    setBusy(false);
    if (typeof started === 'string') onDone('account.security.totp.done', started);
    else setTotp(started);
  };

  const confirmTotp = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!totp) return;
    const error = await run('account.security.totp.done', () =>
      verifyTotp(auth, totp.factorId, code),
    );
    if (!error) {
      setTotp(null);
      setCode('');
      setName('');
    }
  };

  if (totp) {
    return (
      <form noValidate onSubmit={(event) => void confirmTotp(event)} className="totp-enrol">
        <p>{t('account.security.totp.scan')}</p>
        <img src={totp.qrCode} alt={t('account.security.totp.qr')} width={180} height={180} />
        <p>
          {t('account.security.totp.secret')}: <code className="totp-secret">{totp.secret}</code>
        </p>
        <Field
          label={t('account.security.totp.code')}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          onChange={(event) => {
            setCode(event.target.value);
          }}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? t('auth.busy') : t('account.security.totp.verify')}
        </button>
      </form>
    );
  }

  return (
    <div className="security-add">
      <Field
        label={t('account.security.name')}
        value={name}
        maxLength={120}
        onChange={(event) => {
          setName(event.target.value);
        }}
      />
      <p>
        <button type="button" disabled={busy} onClick={() => void beginTotp()}>
          {t('account.security.totp.add')}
        </button>
      </p>
      <p>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run('account.security.passkey.done', () => addPasskey(auth, name)).then(
              (error) => {
                if (!error) setName('');
              },
            )
          }
        >
          {t('account.security.passkey.add')}
        </button>
        <small className="field-hint">{t('account.security.passkey.hint')}</small>
      </p>
      <p>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run('account.security.key.done', () =>
              addSecurityKey(auth, name || t('account.security.kind.webauthn')),
            ).then((error) => {
              if (!error) setName('');
            })
          }
        >
          {t('account.security.key.add')}
        </button>
      </p>
    </div>
  );
}
