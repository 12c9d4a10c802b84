// auth.webauthn_credentials (passkeys) and auth.webauthn_challenges: one challenge per ceremony, used
// once, for five minutes (GoTrue's GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION default).
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../errors.ts';
import type { NewCredential, StoredCredential } from './ceremony.ts';

export const WEBAUTHN_CHALLENGE_SECONDS = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ChallengeType = 'registration' | 'authentication';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Uint8Array;
  public_key: Uint8Array;
  sign_count: string | number;
  transports: string[];
  backup_eligible: boolean;
  backed_up: boolean;
  friendly_name: string;
  created_at: Date;
  updated_at: Date;
  last_used_at: Date | null;
}

export function toStoredCredential(row: PasskeyRow): StoredCredential {
  return {
    id: Buffer.from(row.credential_id).toString('base64url'),
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.sign_count),
    transports: row.transports,
  };
}

export async function createChallenge(
  tx: Tx,
  userId: string | null,
  type: ChallengeType,
  challenge: string,
): Promise<{ id: string; expiresAt: number }> {
  const { rows } = await tx.query<{ id: string; expires_at: number }>(
    `insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, expires_at)
     values (gen_random_uuid(), $1, $2, jsonb_build_object('challenge', $3::text),
             now() + make_interval(secs => $4))
     returning id, extract(epoch from expires_at)::bigint::int as expires_at`,
    [userId, type, challenge, WEBAUTHN_CHALLENGE_SECONDS],
  );
  const row = rows[0];
  if (!row) throw new Error('the new challenge was not returned');
  return { id: row.id, expiresAt: row.expires_at };
}

/**
 * Takes a challenge out (it is used once, whatever the answer): 400 webauthn_challenge_not_found for
 * an unknown, used, other user's or other kind of challenge, webauthn_challenge_expired after five
 * minutes. Answers the challenge the authenticator must have signed.
 */
export async function consumeChallenge(
  tx: Tx,
  id: string,
  type: ChallengeType,
  userId: string | null,
): Promise<string> {
  if (!id) throw badRequest('validation_failed', 'challenge_id is required');
  if (!UUID.test(id)) throw badRequest('validation_failed', 'challenge_id must be a valid UUID');
  const { rows } = await tx.query<{ challenge: string; expired: boolean }>(
    `delete from auth.webauthn_challenges
     where id = $1 and challenge_type = $2 and user_id is not distinct from $3
     returning session_data->>'challenge' as challenge, expires_at < now() as expired`,
    [id, type, userId],
  );
  const row = rows[0];
  if (!row) throw badRequest('webauthn_challenge_not_found', 'Challenge not found or already used');
  if (row.expired) throw badRequest('webauthn_challenge_expired', 'Challenge has expired');
  return row.challenge;
}

export async function listPasskeys(tx: Tx, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await tx.query<PasskeyRow>(
    'select * from auth.webauthn_credentials where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

export async function findPasskeyByCredentialId(
  tx: Tx,
  userId: string,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const { rows } = await tx.query<PasskeyRow>(
    'select * from auth.webauthn_credentials where user_id = $1 and credential_id = $2',
    [userId, Buffer.from(credentialId, 'base64url')],
  );
  return rows[0] ?? null;
}

export async function findOwnPasskey(
  tx: Tx,
  userId: string,
  id: string,
): Promise<PasskeyRow | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await tx.query<PasskeyRow>(
    'select * from auth.webauthn_credentials where id = $1 and user_id = $2',
    [id, userId],
  );
  return rows[0] ?? null;
}

/** Stores a new passkey; null when the credential is already registered (to anyone). */
export async function insertPasskey(
  tx: Tx,
  userId: string,
  credential: NewCredential,
  friendlyName: string,
): Promise<PasskeyRow | null> {
  const { rows } = await tx.query<PasskeyRow>(
    `insert into auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type,
        aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
     values (gen_random_uuid(), $1, $2, $3, $4, $5::uuid, $6, $7::jsonb, $8, $9, $10)
     on conflict (credential_id) do nothing
     returning *`,
    [
      userId,
      Buffer.from(credential.id, 'base64url'),
      Buffer.from(credential.publicKey),
      credential.attestationType,
      credential.aaguid,
      credential.counter,
      JSON.stringify(credential.transports),
      credential.backupEligible,
      credential.backedUp,
      friendlyName,
    ],
  );
  return rows[0] ?? null;
}

export async function markPasskeyUsed(tx: Tx, id: string, counter: number): Promise<void> {
  await tx.query(
    `update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now()
     where id = $1`,
    [id, counter],
  );
}

/** A passkey as GoTrue lists it (GET /passkeys, the admin list, and a rename's answer). */
export function toPasskeyJson(row: PasskeyRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    created_at: new Date(row.created_at).toISOString(),
    ...(row.last_used_at ? { last_used_at: new Date(row.last_used_at).toISOString() } : {}),
  };
}
