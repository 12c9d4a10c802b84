// auth.mfa_factors and auth.mfa_challenges as GoTrue keeps them, and what a verified factor does to
// the session: `aal2`, the factor on the session, `totp` in the `amr` claims.
import type { Tx } from '../../db/database.ts';
import { forbidden, notFound } from '../errors.ts';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'verified' | 'unverified';
  secret: string | null;
  web_authn_credential: unknown;
  created_at: Date;
  updated_at: Date;
}

/** GoTrue's defaults: an unverified factor and a challenge each expire after five minutes. */
export const FACTOR_EXPIRY_SECONDS = 300;
export const CHALLENGE_EXPIRY_SECONDS = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listFactors(tx: Tx, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>(
    'select * from auth.mfa_factors where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

/** The caller's own factor (GoTrue loadFactor): 404 mfa_factor_not_found for anyone else's. */
export async function findOwnFactor(tx: Tx, userId: string, id: string): Promise<FactorRow> {
  const { rows } = UUID.test(id)
    ? await tx.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [
        id,
        userId,
      ])
    : { rows: [] };
  const factor = rows[0];
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

export async function deleteExpiredFactors(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
       and created_at < now() - make_interval(secs => $2)`,
    [userId, FACTOR_EXPIRY_SECONDS],
  );
}

/** A new unverified factor: TOTP with its secret, WebAuthn without (its credential comes later). */
export async function insertFactor(
  tx: Tx,
  userId: string,
  friendlyName: string,
  type: 'totp' | 'webauthn',
  secret: string | null,
): Promise<FactorRow> {
  const { rows } = await tx.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,
        updated_at, secret)
     values (gen_random_uuid(), $1, $2, $3, 'unverified', now(), now(), $4) returning *`,
    [userId, friendlyName, type, secret],
  );
  const factor = rows[0];
  if (!factor) throw new Error('the new factor was not returned');
  return factor;
}

/** The session's assurance level, `aal1` for a session without a verified factor. */
export async function sessionAal(tx: Tx, sessionId: string): Promise<'aal1' | 'aal2'> {
  const { rows } = await tx.query<{ aal: string | null }>(
    'select aal::text as aal from auth.sessions where id = $1',
    [sessionId],
  );
  return rows[0]?.aal === 'aal2' ? 'aal2' : 'aal1';
}

/** The amr method a verified factor records: GoTrue's `totp` and `mfa/webauthn`. */
function amrMethod(factor: FactorRow): string {
  return factor.factor_type === 'webauthn' ? 'mfa/webauthn' : factor.factor_type;
}

/**
 * A verified factor raises the session to aal2 (GoTrue updateMFASessionAndClaims), records `totp` or
 * `mfa/webauthn` in its amr claims, ends the user's other sessions still at aal1, and drops unverified factors of the
 * same type.
 */
export async function raiseSession(
  tx: Tx,
  userId: string,
  sessionId: string,
  factor: FactorRow,
): Promise<void> {
  const { rows } = await tx.query(
    "update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 returning id",
    [sessionId, factor.id],
  );
  // Ended since the request was authenticated (another sign-in of the same user passed its second
  // factor, which ends the sessions still at aal1): what GoTrue answers a moment later.
  if (rows.length === 0) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, gen_random_uuid())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, amrMethod(factor)],
  );
  await tx.query(
    "delete from auth.sessions where user_id = $1 and id <> $2 and (aal is null or aal = 'aal1')",
    [userId, sessionId],
  );
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and factor_type = $2 and status = 'unverified'
       and id <> $3`,
    [userId, factor.factor_type, factor.id],
  );
}

/** Unenrolling a factor brings the sessions it raised back to aal1 (DowngradeSessionsToAAL1). */
export async function removeFactor(tx: Tx, factor: FactorRow): Promise<void> {
  await tx.query(
    "update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1",
    [factor.id],
  );
  await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
}

/** The factor as GoTrue serializes it (inside the user, and in the admin API). */
export function toFactorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    status: factor.status,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
    created_at: new Date(factor.created_at).toISOString(),
    updated_at: new Date(factor.updated_at).toISOString(),
  };
}
