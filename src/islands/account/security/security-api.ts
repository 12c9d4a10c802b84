// What the Security section asks auth-js: the member's verified factors and passkeys as one list,
// and each change. Every call answers null or the key of what went wrong (never English text).
import type { GoTrueClient } from '@supabase/auth-js';
import { errorKey, type ErrorKey } from '../../shared/error-keys';

export interface SecurityEntry {
  id: string;
  kind: 'totp' | 'webauthn' | 'passkey';
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function loadEntries(auth: GoTrueClient): Promise<SecurityEntry[] | ErrorKey> {
  const [factors, passkeys] = await Promise.all([auth.mfa.listFactors(), auth.passkey.list()]);
  if (factors.error) return errorKey(factors.error);
  if (passkeys.error) return errorKey(passkeys.error);
  const fromFactors: SecurityEntry[] = factors.data.all
    .filter((factor) => factor.status === 'verified')
    .filter((factor) => factor.factor_type === 'totp' || factor.factor_type === 'webauthn')
    .map((factor) => ({
      id: factor.id,
      kind: factor.factor_type as 'totp' | 'webauthn',
      name: factor.friendly_name ?? '',
      createdAt: factor.created_at,
      lastUsedAt: null,
    }));
  const fromPasskeys: SecurityEntry[] = passkeys.data.map((passkey) => ({
    id: passkey.id,
    kind: 'passkey',
    name: passkey.friendly_name ?? '',
    createdAt: passkey.created_at,
    lastUsedAt: passkey.last_used_at ?? null,
  }));
  return [...fromFactors, ...fromPasskeys];
}

async function attempt(task: () => Promise<{ error: unknown }>): Promise<ErrorKey | null> {
  try {
    const { error } = await task();
    return error ? errorKey(error) : null;
  } catch (thrown) {
    return errorKey(thrown);
  }
}

export function removeEntry(auth: GoTrueClient, entry: SecurityEntry): Promise<ErrorKey | null> {
  return attempt(() =>
    entry.kind === 'passkey'
      ? auth.passkey.delete({ passkeyId: entry.id })
      : auth.mfa.unenroll({ factorId: entry.id }),
  );
}

/** Adds a passkey (the browser's dialog), then gives it the member's name for it. */
export function addPasskey(auth: GoTrueClient, name: string): Promise<ErrorKey | null> {
  return attempt(async () => {
    const { data, error } = await auth.registerPasskey();
    if (error) return { error };
    if (name.trim() === '') return { error: null };
    return auth.passkey.update({ passkeyId: data.id, friendlyName: name.trim() });
  });
}

export function addSecurityKey(auth: GoTrueClient, name: string): Promise<ErrorKey | null> {
  return attempt(() => auth.mfa.webauthn.register({ friendlyName: name.trim() }));
}

export interface TotpEnrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/** Starts an authenticator app: a leftover unverified one is dropped first (its name is reused). */
export async function startTotp(
  auth: GoTrueClient,
  name: string,
): Promise<TotpEnrolment | ErrorKey> {
  try {
    const listed = await auth.mfa.listFactors();
    for (const factor of listed.data?.all ?? []) {
      if (factor.status === 'unverified') await auth.mfa.unenroll({ factorId: factor.id });
    }
    const { data, error } = await auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: name.trim(),
    });
    if (error) return errorKey(error);
    return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
  } catch (thrown) {
    return errorKey(thrown);
  }
}

export function verifyTotp(
  auth: GoTrueClient,
  factorId: string,
  code: string,
): Promise<ErrorKey | null> {
  if (!/^\d{6}$/.test(code.trim())) return Promise.resolve('errors.mfaCode');
  return attempt(() => auth.mfa.challengeAndVerify({ factorId, code: code.trim() }));
}
