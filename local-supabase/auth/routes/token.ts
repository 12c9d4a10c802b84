// POST /token?grant_type=password|refresh_token|pkce (GoTrue internal/api/token.go).
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, OAuthError, unprocessable } from '../errors.ts';
import { exchangeAuthCode } from '../flow-state.ts';
import { checkRateLimit } from '../rate-limit.ts';
import { issueSession, refreshSession, toSessionResponse, type AuthMethod } from '../sessions.ts';
import { runTransaction } from '../transaction.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed } from '../users.ts';
import { findPasswordProblem } from '../validate.ts';
import { idTokenGrant, web3Grant } from './token-external.ts';

const INVALID_LOGIN = 'Invalid login credentials';

async function passwordGrant(c: Context, context: AuthContext): Promise<Response> {
  const body = await readBody(c);
  const email = stringField(body, 'email') ?? '';
  const phone = stringField(body, 'phone') ?? '';
  const password = stringField(body, 'password') ?? '';
  if (email && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw badRequest('invalid_credentials', INVALID_LOGIN);
  context.passwords.checkRoom();
  if (!context.config.auth.email.enable_signup) {
    throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  }
  // The account is read when the sign-in's hashing turn comes (one statement, no transaction
  // around it). One bcrypt comparison for every attempt, with or without an account, so that
  // neither the answer nor its time tells who has one. GoTrue answers a ban before the password;
  // here only someone who knows the password learns of it.
  const { found: user, matches } = await context.passwords.verifyFound(password, () =>
    findUserByEmail(context.db, email),
  );
  if (!user || !matches) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  // One statement writes the session and answers the user as written: no transaction around it.
  const grant = await issueSession(context.db, user.id, 'password', c.req.header('user-agent'));
  const session = await toSessionResponse(context, grant);
  // A password that no longer meets the rules still signs in; the client is told why it is weak.
  const problem = findPasswordProblem(password, context.config);
  return c.json({
    ...session,
    weak_password: problem ? { reasons: problem.reasons, message: problem.message } : null,
  });
}

async function refreshGrant(c: Context, context: AuthContext): Promise<Response> {
  const body = await readBody(c);
  const refreshToken = stringField(body, 'refresh_token') ?? '';
  const grant = await runTransaction(context.db, (tx) => refreshSession(tx, context, refreshToken));
  return c.json(await toSessionResponse(context, grant));
}

async function pkceGrant(c: Context, context: AuthContext): Promise<Response> {
  const body = await readBody(c);
  const authCode = stringField(body, 'auth_code') ?? '';
  const verifier = stringField(body, 'code_verifier') ?? '';
  const { grant, exchanged } = await context.db.transaction(async (tx) => {
    const exchanged = await exchangeAuthCode(tx, authCode, verifier);
    const user = await findUserById(tx, exchanged.userId);
    if (!user) throw badRequest('user_not_found', 'User not found');
    const method: AuthMethod = exchanged.flowMethod;
    return {
      grant: await issueSession(tx, user.id, method, c.req.header('user-agent')),
      exchanged,
    };
  });
  const session = await toSessionResponse(context, grant);
  // GoTrue's PKCE grant adds the provider's tokens of a provider sign-in (omitempty).
  return c.json({
    ...session,
    ...(exchanged.providerAccessToken ? { provider_token: exchanged.providerAccessToken } : {}),
    ...(exchanged.providerRefreshToken
      ? { provider_refresh_token: exchanged.providerRefreshToken }
      : {}),
  });
}

export function addTokenRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const grants: Record<string, typeof passwordGrant> = {
    password: passwordGrant,
    refresh_token: refreshGrant,
    pkce: pkceGrant,
    id_token: (c) => idTokenGrant(c, context),
    web3: web3Grant,
  };
  app.post('/token', (c) => {
    const grant = grants[c.req.query('grant_type') ?? ''];
    if (!grant) throw new OAuthError('unsupported_grant_type', '');
    // Every grant shares one bucket per IP (`token_refresh`), as in GoTrue's Token handler.
    checkRateLimit(c, context.limits.token);
    return grant(c, context);
  });
}
