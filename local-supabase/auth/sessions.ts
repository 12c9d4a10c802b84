// Sessions, refresh tokens (rotation with GoTrue's reuse rules) and access tokens.
import { SignJWT } from 'jose';
import type { Tx } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { randomAlphanumeric } from './crypto.ts';
import { badRequest, OAuthError } from './errors.ts';
import { applyAccessTokenHook } from './hooks/custom-access-token.ts';
import { findUserById, isBanned, selectUserSql, toUserJson, type UserRow } from './users.ts';

/** How a session was started; GoTrue records it in `amr` (auth.mfa_amr_claims). */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'recovery'
  | 'email/signup'
  | 'email_change'
  | 'invite'
  | 'anonymous'
  | 'oauth'
  | 'passkey'
  | 'totp'
  | 'sso/saml';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { reasons: string[]; message: string } | null;
  /** A provider sign-in's tokens from the provider (GoTrue sends them when it has them). */
  provider_token?: string;
  provider_refresh_token?: string;
}

async function signAccessToken(
  context: AuthContext,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
  aal: 'aal1' | 'aal2',
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + context.config.auth.jwt_expiry;
  const signing = context.keys.signing;
  // GoTrue's claims, in its order; the custom access token hook may change them before signing.
  const claims = await applyAccessTokenHook(
    context,
    context.config.auth.hook.custom_access_token,
    {
      user_id: user.id,
      authentication_method: amr[0]?.method ?? 'password',
      claims: {
        aud: user.aud ?? 'authenticated',
        exp: expiresAt,
        iat: issuedAt,
        iss: context.config.auth.jwt_issuer ?? `${context.apiUrl}/auth/v1`,
        sub: user.id,
        email: user.email ?? '',
        phone: user.phone ?? '',
        app_metadata: user.raw_app_meta_data ?? {},
        user_metadata: user.raw_user_meta_data ?? {},
        role: user.role ?? 'authenticated',
        aal,
        amr,
        session_id: sessionId,
        is_anonymous: user.is_anonymous,
      },
    },
  );
  const token = await new SignJWT(claims)
    .setProtectedHeader(
      signing ? { alg: signing.alg, kid: signing.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' },
    )
    .sign(signing ? signing.privateKey : new TextEncoder().encode(context.keys.jwtSecret));
  return { token, expiresAt: typeof claims['exp'] === 'number' ? claims['exp'] : expiresAt };
}

/** What a session response is made of; signed after the transaction (no crypto inside it). */
export interface SessionGrant {
  user: UserRow;
  sessionId: string;
  refreshToken: string;
  amr: { method: string; timestamp: number }[];
  /** `aal2` once a factor was verified in this session. */
  aal: 'aal1' | 'aal2';
}

/** The session's amr claims (newest first) and level, read in one statement. */
async function collectGrant(
  tx: Tx,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionGrant> {
  const { rows } = await tx.query<{ amr: SessionGrant['amr']; aal: string | null }>(
    `select coalesce((select jsonb_agg(jsonb_build_object('method', authentication_method,
                                                          'timestamp', extract(epoch from updated_at)::int)
                                       order by updated_at desc)
                      from auth.mfa_amr_claims where session_id = $1), '[]'::jsonb) as amr,
            (select aal::text from auth.sessions where id = $1) as aal`,
    [sessionId],
  );
  const aal = rows[0]?.aal === 'aal2' ? 'aal2' : 'aal1';
  return { user, sessionId, refreshToken, amr: rows[0]?.amr ?? [], aal };
}

/**
 * A new token pair for an existing session whose level changed (a verified MFA factor): the
 * session's refresh tokens are revoked and a fresh one is issued, as GoTrue does.
 */
export async function reissueSession(
  tx: Tx,
  userId: string,
  sessionId: string,
): Promise<SessionGrant> {
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`user ${userId} vanished while verifying a factor`);
  const { rows } = await tx.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
     where session_id = $1 and revoked = false returning token`,
    [sessionId],
  );
  const refreshToken = await insertRefreshToken(tx, user, sessionId, rows[0]?.token ?? null);
  return collectGrant(tx, user, sessionId, refreshToken);
}

/** The session object GoTrue returns (AccessTokenResponse). */
export async function toSessionResponse(
  context: AuthContext,
  grant: SessionGrant,
): Promise<SessionResponse> {
  const { token, expiresAt } = await signAccessToken(
    context,
    grant.user,
    grant.sessionId,
    grant.amr,
    grant.aal,
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: context.config.auth.jwt_expiry,
    expires_at: expiresAt,
    refresh_token: grant.refreshToken,
    user: toUserJson(grant.user),
  };
}

async function insertRefreshToken(tx: Tx, user: UserRow, sessionId: string, parent: string | null) {
  const token = randomAlphanumeric(12);
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, user.id, parent, sessionId],
  );
  return token;
}

/**
 * Starts a session for a signed-in user (GoTrue `issueRefreshToken`): last_sign_in_at on the user and
 * its e-mail identity, the session, its amr claim and its first refresh token are written by one
 * statement, which also answers the user as written (from the updates' `RETURNING` rows, so the user
 * is not read again) and the new session's amr. One statement, so it holds the database's one queue
 * for a single round trip and needs no transaction of its own.
 */
export async function issueSession(
  tx: Tx,
  userId: string,
  method: AuthMethod,
  userAgent?: string,
): Promise<SessionGrant> {
  const refreshToken = randomAlphanumeric(12);
  const { rows } = await tx.query<UserRow & { session_id: string; amr: SessionGrant['amr'] }>(
    `with signed_in as (
       update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *
     ), email_identity as (
       update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'
       returning *
     ), identities as (
       select * from email_identity
       union all select * from auth.identities where user_id = $1 and provider <> 'email'
     ), session as (
       insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent)
       select gen_random_uuid(), id, now(), now(), 'aal1', $2 from signed_in returning id
     ), claim as (
       insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
       select id, now(), now(), $3, gen_random_uuid() from session
       returning authentication_method, updated_at
     ), refresh as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       select '00000000-0000-0000-0000-000000000000', $4, $1, false, now(), now(), null, id from session
     )
     select signed_in_user.*, session.id as session_id,
            (select jsonb_agg(jsonb_build_object('method', authentication_method,
                                                 'timestamp', extract(epoch from updated_at)::int))
             from claim) as amr
     from (${selectUserSql('signed_in', 'identities')}) as signed_in_user, session`,
    [userId, userAgent ?? null, method, refreshToken],
  );
  const row = rows[0];
  if (!row) throw new Error(`user ${userId} vanished while signing in`);
  const { session_id: sessionId, amr, ...user } = row;
  // A new session is aal1 with its one claim, as collectGrant would read them back.
  return { user, sessionId, refreshToken, amr, aal: 'aal1' };
}

interface TokenRow {
  id: number;
  token: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string | null;
  user_id: string;
}

/**
 * The refresh_token grant: rotates the token; a revoked token is accepted again only as the parent of
 * the session's active token (a client that lost the response) or within the reuse interval; later
 * reuse revokes every token of the session at once and answers refresh_token_already_used, and so
 * does every token of a session revoked that way.
 */
export async function refreshSession(
  tx: Tx,
  context: AuthContext,
  refreshToken: string,
): Promise<SessionGrant> {
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required');
  const { rows } = await tx.query<TokenRow>(
    `select id::int as id, token, coalesce(revoked, false) as revoked, updated_at, session_id, user_id
     from auth.refresh_tokens where token = $1`,
    [refreshToken],
  );
  const token = rows[0];
  if (!token)
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await findUserById(tx, token.user_id);
  if (!user)
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  const session = token.session_id
    ? (await tx.query('select id from auth.sessions where id = $1', [token.session_id])).rows[0]
    : undefined;
  if (!session || !token.session_id) {
    throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  }
  const sessionId = token.session_id;
  let issued: string | undefined;
  if (token.revoked) {
    const active = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false
       order by id desc limit 1`,
      [sessionId],
    );
    if (active.rows[0]?.parent === token.token) {
      issued = active.rows[0].token;
    } else if (!active.rows[0]) {
      // Reuse was detected and the whole family revoked: no token of it refreshes any more, not even
      // the newest within the reuse interval (which the revocation itself would restart in GoTrue).
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    } else {
      const reuseUntil =
        token.updated_at.getTime() + context.config.auth.refresh_token_reuse_interval * 1000;
      if (Date.now() > reuseUntil) {
        if (context.config.auth.enable_refresh_token_rotation) {
          await tx.query(
            'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
            [sessionId],
          );
        }
        // The revocation must persist although the request fails (GoTrue `NewCommitWithError`).
        throw new CommittedError(
          badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
        );
      }
    }
  }
  if (!issued) {
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
      [token.id],
    );
    issued = await insertRefreshToken(tx, user, sessionId, token.token);
  }
  await tx.query(
    'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
    [sessionId],
  );
  return collectGrant(tx, user, sessionId, issued);
}

/** An error whose transaction must still commit (the work before it stands). */
export class CommittedError extends Error {
  readonly error: Error;

  constructor(error: Error) {
    super(error.message);
    this.name = 'CommittedError';
    this.error = error;
  }
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function endSessions(
  tx: Tx,
  userId: string,
  sessionId: string,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'local') {
    await tx.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others') {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      sessionId,
    ]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}
