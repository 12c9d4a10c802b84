// The form a Security line's "Add…" opens, for its kind: a name, then the browser's own dialog (a
// passkey, a security key) or the authenticator app's QR code and key, confirmed with a first code.
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
  type SecurityEntry,
  type TotpEnrolment,
} from './security-api';

interface Props {
  auth: GoTrueClient;
  kind: SecurityEntry['kind'];
  /** After the attempt: what was done, or what went wrong (the form stays open then). */
  onDone: (done: AccountKey, error: ErrorKey | null) => void;
  onCancel: () => void;
}

const labels = {
  passkey: { submit: 'account.security.passkey.create', done: 'account.security.passkey.done' },
  webauthn: { submit: 'account.security.key.create', done: 'account.security.key.done' },
  totp: { submit: 'account.security.totp.start', done: 'account.security.totp.done' },
} as const satisfies Record<SecurityEntry['kind'], { submit: AccountKey; done: AccountKey }>;

export function AddFactorForm({ auth, kind, onDone, onCancel }: Props) {
  const t = useT();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [totp, setTotp] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');

  const run = async (task: () => Promise<ErrorKey | null>) => {
    if (busy) return;
    setBusy(true);
    const error = await task();
    setBusy(false);
    onDone(labels[kind].done, error);
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    if (kind === 'passkey') {
      await run(() => addPasskey(auth, name));
    } else if (kind === 'webauthn') {
      await run(() => addSecurityKey(auth, name || t('account.security.kind.webauthn')));
    } else if (totp) {
      await run(() => verifyTotp(auth, totp.factorId, code));
    } else {
      setBusy(true);
      const started = await startTotp(auth, name || t('account.security.kind.totp'));
      setBusy(false);
      if (typeof started === 'string') onDone(labels.totp.done, started);
      else setTotp(started);
    }
  };

  const cancel = (
    <button type="button" className="button-link" onClick={onCancel}>
      {t('account.security.cancel')}
    </button>
  );

  if (totp) {
    return (
      <form noValidate onSubmit={(event) => void submit(event)} className="totp-enrol">
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
        <p className="account-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? t('auth.busy') : t('account.security.totp.verify')}
          </button>
          {cancel}
        </p>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Field
        label={t('account.security.name')}
        value={name}
        maxLength={120}
        {...(kind === 'passkey' ? { hint: t('account.security.passkey.hint') } : {})}
        onChange={(event) => {
          setName(event.target.value);
        }}
      />
      <p className="account-actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? t('auth.busy') : t(labels[kind].submit)}
        </button>
        {cancel}
      </p>
    </form>
  );
}
