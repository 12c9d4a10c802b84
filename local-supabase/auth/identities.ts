// Users from external identities (an OAuth/OpenID provider, and SAML SSO as `sso:<id>`), as GoTrue
// makes them: internal/models/linking.go `DetermineAccountLinking` decides between the account that
// already holds the identity, an account to link it to by a verified address, and a new account;
// internal/api/external.go `createAccountFromExternalIdentity` and identity.go `linkIdentityToUser`
// and `DeleteIdentity` do the rest. One module, so that every sign-in way that brings an identity
// from elsewhere stores users, identities and `app_metadata.providers` the same way.
import type { LocalConfig } from '../config/config.ts';
import type { Tx } from '../db/database.ts';
import { CommittedError } from './sessions.ts';
import { authError, badRequest, forbidden, notFound, unprocessable } from './errors.ts';
import { createUser, insertIdentity } from './create-user.ts';
import { findUserById, isBanned, isConfirmed, type UserRow } from './users.ts';
import { checkMetadataSize } from './validate.ts';

/** What a provider said about the person (GoTrue `provider.UserProvidedData`). */
export interface ExternalIdentity {
  /** `keycloak`, or `sso:<provider id>` for SAML. */
  provider: string;
  /** The provider's subject: `auth.identities.provider_id`. */
  subject: string;
  /** The primary address, lower case or as given ('' when the provider sent none). */
  email: string;
  emailVerified: boolean;
  /** Stored as `identity_data` and merged into `user_metadata` (GoTrue `structs.Map(Claims)`). */
  identityData: Record<string, unknown>;
}

/** Identities of different SSO providers never link; every other identity shares one domain. */
function linkingDomain(provider: string): string {
  return provider.startsWith('sso:') ? provider : 'default';
}

interface IdentityRef {
  id: string;
  user_id: string;
  provider: string;
}

async function findIdentity(
  tx: Tx,
  subject: string,
  provider: string,
): Promise<IdentityRef | null> {
  const { rows } = await tx.query<IdentityRef>(
    'select id, user_id, provider from auth.identities where provider_id = $1 and provider = $2',
    [subject, provider],
  );
  return rows[0] ?? null;
}

type Decision =
  | { kind: 'exists'; userId: string; identityId: string }
  | { kind: 'link'; userId: string }
  | { kind: 'create'; email: string }
  | { kind: 'multiple' };

async function decideLinking(
  tx: Tx,
  config: LocalConfig,
  external: ExternalIdentity,
): Promise<Decision> {
  const existing = await findIdentity(tx, external.subject, external.provider);
  if (existing) return { kind: 'exists', userId: existing.user_id, identityId: existing.id };
  const email = external.email.toLowerCase();
  const autoconfirm = !config.auth.email.enable_confirmations;
  const verified = email && (external.emailVerified || autoconfirm) ? [email] : [];
  const domain = linkingDomain(external.provider);
  if (verified.length === 0) {
    // A new account; an address someone else holds is left off it (GoTrue IsDuplicatedEmail).
    const { rows } = await tx.query(
      'select 1 from auth.users where lower(email) = $1 and is_sso_user = false',
      [email],
    );
    return { kind: 'create', email: rows.length > 0 ? '' : email };
  }
  const identities = await tx.query<IdentityRef>(
    'select id, user_id, provider from auth.identities where email = any($1)',
    [verified],
  );
  const linking = identities.rows.filter((row) => linkingDomain(row.provider) === domain);
  if (linking.length === 0) {
    if (domain !== 'default') return { kind: 'create', email };
    const users = await tx.query<{ id: string }>(
      'select id from auth.users where lower(email) = any($1) and is_sso_user = false',
      [verified],
    );
    if (users.rows.length > 1) return { kind: 'multiple' };
    const user = users.rows[0];
    return user ? { kind: 'link', userId: user.id } : { kind: 'create', email };
  }
  const userIds = new Set(linking.map((row) => row.user_id));
  const [userId] = [...userIds];
  return userIds.size === 1 && userId ? { kind: 'link', userId } : { kind: 'multiple' };
}

function insertExternalIdentity(tx: Tx, userId: string, external: ExternalIdentity) {
  return insertIdentity(tx, userId, {
    provider: external.provider,
    subject: external.subject,
    data: external.identityData,
  });
}

/** GoTrue `UpdateUserMetaData`: the identity's claims merged over the user's metadata. */
async function mergeUserMetadata(tx: Tx, userId: string, data: Record<string, unknown>) {
  await tx.query(
    `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2,
        updated_at = now() where id = $1`,
    [userId, data],
  );
}

/** GoTrue `UpdateAppMetaDataProviders`: `app_metadata.providers` lists the user's identities. */
export async function updateProviders(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
        || jsonb_build_object('providers', coalesce(
             (select jsonb_agg(distinct provider order by provider) from auth.identities
              where user_id = $1), '[]'::jsonb)),
        updated_at = now()
     where id = $1`,
    [userId],
  );
}

/** A new account for the identity (GoTrue `createAccountFromExternalIdentity`); '' leaves no address. */
async function createExternalUser(tx: Tx, external: ExternalIdentity, email: string) {
  const user = await createUser(tx, {
    email: email || null,
    passwordHash: null,
    userMetadata: external.identityData,
    identity: {
      provider: external.provider,
      subject: external.subject,
      data: external.identityData,
    },
  });
  return { userId: user.id, identityId: user.identities_json[0]?.id ?? '' };
}

/**
 * GoTrue `RemoveUnconfirmedIdentities`: an unconfirmed account that gains a provider's identity
 * loses its password and every other identity, so that whoever signed up with someone else's
 * address cannot keep a door into the account (pre-account takeover).
 */
async function removeUnconfirmedIdentities(tx: Tx, userId: string, keep: string, data: object) {
  if (!keep) return;
  const { rows } = await tx.query<{ provider: string }>(
    'select provider from auth.identities where id = $1',
    [keep],
  );
  if (rows[0]?.provider !== 'email' && rows[0]?.provider !== 'phone') {
    await tx.query("update auth.users set encrypted_password = '' where id = $1", [userId]);
  }
  await mergeUserMetadata(tx, userId, data as Record<string, unknown>);
  await tx.query('delete from auth.identities where user_id = $1 and id <> $2', [userId, keep]);
  await updateProviders(tx, userId);
}

async function confirmUser(tx: Tx, userId: string) {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
        confirmation_token = '', updated_at = now() where id = $1`,
    [userId],
  );
}

async function reload(tx: Tx, userId: string): Promise<UserRow> {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return user;
}

/**
 * Signs a person in with an identity from elsewhere (GoTrue `createAccountFromExternalIdentity`):
 * the account holding the identity, else the one account with the same verified address (the
 * identity is linked to it), else a new account. Returns the user to issue a session or code for.
 *
 * @example
 * const user = await signInWithExternalIdentity(tx, config, {
 *   provider: 'keycloak', subject: claims.sub, email: claims.email, emailVerified: true,
 *   identityData: { sub: claims.sub, email: claims.email, ... },
 * });
 */
export async function signInWithExternalIdentity(
  tx: Tx,
  config: LocalConfig,
  external: ExternalIdentity,
): Promise<UserRow> {
  // The identity's claims become user_metadata at every sign-in, so its limit holds at every one.
  checkMetadataSize(external.identityData, 'user_metadata');
  const decision = await decideLinking(tx, config, external);
  let userId: string;
  let identityId = '';
  let candidateVerified = external.emailVerified || !config.auth.email.enable_confirmations;
  switch (decision.kind) {
    case 'exists':
      userId = decision.userId;
      identityId = decision.identityId;
      await tx.query(
        `update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now()
         where id = $1`,
        [identityId, external.identityData],
      );
      await mergeUserMetadata(tx, userId, external.identityData);
      await updateProviders(tx, userId);
      break;
    case 'link':
      userId = decision.userId;
      identityId = await insertExternalIdentity(tx, userId, external);
      await mergeUserMetadata(tx, userId, external.identityData);
      await updateProviders(tx, userId);
      break;
    case 'create':
      if (!config.auth.enable_signup) {
        throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      }
      ({ userId, identityId } = await createExternalUser(tx, external, decision.email));
      candidateVerified &&= decision.email !== '';
      break;
    case 'multiple':
      throw authError(
        500,
        'unexpected_failure',
        `Multiple accounts with the same email address in the same linking domain detected: ${linkingDomain(external.provider)}`,
      );
  }
  let user = await reload(tx, userId);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (!isConfirmed(user)) {
    await removeUnconfirmedIdentities(tx, userId, identityId, external.identityData);
    if (!candidateVerified) {
      // GoTrue also e-mails a confirmation here; the development provider's addresses are verified.
      throw new CommittedError(
        unprocessable(
          'provider_email_needs_verification',
          `Unverified email with ${external.provider}. Verify the email with ${external.provider} in order to sign in`,
        ),
      );
    }
    await confirmUser(tx, userId);
    user = await reload(tx, userId);
  }
  return user;
}

/**
 * Adds an identity to a signed-in member's account (GoTrue `linkIdentityToUser`): refused when the
 * identity already belongs to this or another account.
 */
export async function linkExternalIdentity(
  tx: Tx,
  targetUserId: string,
  external: ExternalIdentity,
): Promise<UserRow> {
  const existing = await findIdentity(tx, external.subject, external.provider);
  if (existing) {
    throw unprocessable(
      'identity_already_exists',
      existing.user_id === targetUserId
        ? 'Identity is already linked'
        : 'Identity is already linked to another user',
    );
  }
  await insertExternalIdentity(tx, targetUserId, external);
  const target = await reload(tx, targetUserId);
  if (!target.email && external.email) {
    const taken = await tx.query(
      'select 1 from auth.users where lower(email) = $1 and id <> $2 and is_sso_user = false',
      [external.email.toLowerCase(), targetUserId],
    );
    if (taken.rows.length > 0) {
      throw badRequest(
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    await tx.query('update auth.users set email = $2 where id = $1', [
      targetUserId,
      external.email.toLowerCase(),
    ]);
    await confirmUser(tx, targetUserId);
    await tx.query('update auth.users set is_anonymous = false where id = $1', [targetUserId]);
  }
  await updateProviders(tx, targetUserId);
  return reload(tx, targetUserId);
}

/**
 * Removes one of a member's identities (GoTrue `DeleteIdentity`): never the last one; the user's
 * address follows the remaining identities when the removed one carried it.
 */
export async function unlinkIdentity(tx: Tx, user: UserRow, identityId: string): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(identityId)) {
    throw notFound('validation_failed', 'identity_id must be an UUID');
  }
  if (user.identities_json.length <= 1) {
    throw unprocessable(
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  }
  const identity = user.identities_json.find((row) => row.id === identityId);
  if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
  await tx.query('delete from auth.identities where id = $1', [identityId]);
  // GoTrue `UpdateUserEmailFromIdentities`: keep the address if an identity still carries it.
  const remaining = user.identities_json.filter((row) => row.id !== identityId);
  const email = user.email?.toLowerCase() ?? '';
  if (email && !remaining.some((row) => row.email === email)) {
    const next = remaining.find((row) => row.email)?.email ?? null;
    await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [
      user.id,
      next,
    ]);
  }
  await updateProviders(tx, user.id);
}
