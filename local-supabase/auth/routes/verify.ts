// POST /verify (a code or token hash → session) and GET /verify (an e-mail link → 303 to redirect_to,
// with the session in the fragment, or `?code=` for PKCE), as GoTrue's verify.go.
import type { Context, Hono } from 'hono';
import { ServiceError } from '../../http/errors.ts';
import type { AppEnv } from '../../http/service.ts';
import { readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { PKCE_PREFIX } from '../crypto.ts';
import { badRequest } from '../errors.ts';
import { flowMethodFor, issueAuthCode } from '../flow-state.ts';
import { resolveRedirect } from '../redirect.ts';
import { codeRedirectUrl, OAUTH_ERRORS, sessionRedirectUrl } from '../redirect-params.ts';
import { issueSession, toSessionResponse } from '../sessions.ts';
import { runTransaction } from '../transaction.ts';
import { validateEmail } from '../validate.ts';
import {
  applyToken,
  findByCode,
  findByHash,
  isEmailVerificationType,
  SINGLE_CONFIRMATION_ACCEPTED,
  type EmailVerificationType,
} from '../verify-token.ts';

function requireType(type: string): EmailVerificationType {
  if (type === 'sms' || type === 'phone_change') {
    throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  }
  if (!isEmailVerificationType(type))
    throw badRequest('validation_failed', 'Unsupported verification type');
  return type;
}

async function verifyPost(c: Context, context: AuthContext): Promise<Response> {
  const body = await readBody(c);
  const token = (stringField(body, 'token') ?? '').replace(/[\s-]/g, '');
  const hash = stringField(body, 'token_hash') ?? '';
  const rawType = stringField(body, 'type') ?? '';
  const email = stringField(body, 'email') ?? '';
  const phone = stringField(body, 'phone') ?? '';
  if (!token && !hash)
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (!rawType) throw badRequest('validation_failed', 'Verify requires a verification type');
  const type = requireType(rawType);
  if (token) {
    if (phone || !email) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    }
  } else if (email || phone || stringField(body, 'redirect_to')) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  const address = token ? validateEmail(email) : '';
  const outcome = await runTransaction(context.db, async (tx) => {
    const verified = token
      ? await findByCode(tx, context, type, address, token)
      : await findByHash(tx, context, type, hash);
    if (!(await applyToken(tx, context, verified))) return null;
    return issueSession(tx, verified.user.id, 'otp', c.req.header('user-agent'));
  });
  if (!outcome) return c.json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
  return c.json(await toSessionResponse(context, outcome));
}

/** GoTrue `prepErrorRedirectURL`: the error in the fragment (and the query for PKCE). */
export function errorRedirect(redirectTo: string, error: ServiceError, pkce: boolean): string {
  const params = new URLSearchParams();
  const oauth = OAUTH_ERRORS[error.status];
  if (oauth) params.set('error', oauth);
  params.set('error_code', error.code);
  params.set('error_description', error.message);
  const url = new URL(redirectTo);
  url.search = pkce ? params.toString() : '';
  url.hash = params.toString();
  return url.toString();
}

async function verifyGet(c: Context, context: AuthContext): Promise<Response> {
  const token = c.req.query('token') ?? '';
  const rawType = c.req.query('type') ?? '';
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), context.config);
  if (!token) throw badRequest('validation_failed', 'Verify requires a token');
  if (!rawType) throw badRequest('validation_failed', 'Verify requires a verification type');
  const pkce = token.startsWith(PKCE_PREFIX);
  try {
    const type = requireType(rawType);
    const outcome = await runTransaction(context.db, async (tx) => {
      const verified = await findByHash(tx, context, type, token);
      if (!(await applyToken(tx, context, verified))) return { kind: 'pending' as const };
      if (pkce) {
        return {
          kind: 'code' as const,
          code: await issueAuthCode(tx, verified.user.id, flowMethodFor(verified.type)),
        };
      }
      const grant = await issueSession(tx, verified.user.id, 'otp', c.req.header('user-agent'));
      return { kind: 'session' as const, grant, type: verified.type };
    });
    if (outcome.kind === 'pending') {
      const url = new URL(redirectTo);
      if (pkce) url.searchParams.set('message', SINGLE_CONFIRMATION_ACCEPTED);
      url.hash = `message=${encodeURIComponent(SINGLE_CONFIRMATION_ACCEPTED)}`;
      return c.redirect(url.toString(), 303);
    }
    if (outcome.kind === 'code') return c.redirect(codeRedirectUrl(redirectTo, outcome.code), 303);
    const session = await toSessionResponse(context, outcome.grant);
    return c.redirect(sessionRedirectUrl(redirectTo, session, { type: rawType }), 303);
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status >= 500) throw error;
    return c.redirect(errorRedirect(redirectTo, error, pkce), 303);
  }
}

export function addVerifyRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  app.post('/verify', (c) => verifyPost(c, context));
  app.get('/verify', (c) => verifyGet(c, context));
}
