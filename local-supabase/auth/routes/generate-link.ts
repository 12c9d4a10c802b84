// POST /admin/generate_link: the link and code an e-mail would carry, without sending it (GoTrue
// adminGenerateLink). Tests use it to sign in by link without reading the mailbox.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { objectField, readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { randomPassword } from '../crypto.ts';
import {
  emailChangeToken,
  recordEmailChange,
  recordToken,
  verifyUrl,
  type IssuedToken,
  type LinkType,
} from '../emails.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { resolveRedirect } from '../redirect.ts';
import { createUser } from '../create-user.ts';
import { findUserByEmail, findUserById, isConfirmed, mergeMetadata, toUserJson } from '../users.ts';
import { checkPasswordStrength, validateEmail } from '../validate.ts';

const TYPES = [
  'signup',
  'magiclink',
  'recovery',
  'invite',
  'email_change_current',
  'email_change_new',
];
const EMAIL_EXISTS = 'A user with this email address has already been registered';

export function addGenerateLinkRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const { config, db } = context;
  app.post('/admin/generate_link', async (c) => {
    const body = await readBody(c);
    let type = stringField(body, 'type') ?? '';
    if (!TYPES.includes(type)) {
      throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
    }
    const email = validateEmail(stringField(body, 'email') ?? '');
    const data = objectField(body, 'data') ?? {};
    const requested = stringField(body, 'redirect_to') ?? c.req.query('redirect_to');
    const redirectTo = resolveRedirect(requested, config);
    const existing = await db.transaction((tx) => findUserByEmail(tx, email));
    let password = stringField(body, 'password');
    if (!existing && type === 'magiclink') {
      type = 'signup';
      password = randomPassword();
    }
    if (type === 'signup' && !existing) {
      if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
      checkPasswordStrength(password, config);
    }
    const passwordHash = password && !existing ? await context.passwords.hash(password) : null;
    const newEmail = type.startsWith('email_change')
      ? validateEmail(stringField(body, 'new_email') ?? '')
      : '';

    // The same token issuing as the e-mails (emails.ts), without sending anything.
    const { user, token } = await db.transaction(async (tx) => {
      let user = existing ? await findUserById(tx, existing.id) : null;
      if (!user && ['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
        throw notFound('user_not_found', 'User with this email not found');
      }
      if ((type === 'signup' || type === 'invite') && user && isConfirmed(user)) {
        throw unprocessable('email_exists', EMAIL_EXISTS);
      }
      user ??= await createUser(tx, { email, passwordHash, userMetadata: data });
      if (type === 'signup' && existing && Object.keys(data).length > 0) {
        await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
          user.id,
          mergeMetadata(user.raw_user_meta_data, data, 'user_metadata'),
        ]);
      }
      let token: IssuedToken;
      if (type === 'magiclink' || type === 'recovery') {
        token = await recordToken(tx, context, user, 'recovery', { pkce: false });
      } else if (type === 'signup' || type === 'invite') {
        const invited = type === 'invite';
        token = await recordToken(tx, context, user, 'confirmation', { pkce: false, invited });
      } else {
        const other = await findUserByEmail(tx, newEmail);
        if (other && other.id !== user.id) throw unprocessable('email_exists', EMAIL_EXISTS);
        const side = type === 'email_change_current' ? 'current' : 'new';
        token = emailChangeToken(context, side === 'current' ? (user.email ?? '') : newEmail);
        await recordEmailChange(tx, user, newEmail, { [side]: token.hash });
      }
      return { user: await findUserById(tx, user.id), token };
    });
    if (!user) throw notFound('user_not_found', 'User with this email not found');
    const linkType = type.startsWith('email_change') ? 'email_change' : (type as LinkType);
    return c.json({
      ...toUserJson(user),
      action_link: verifyUrl(context, token.hash, linkType, redirectTo),
      email_otp: token.otp,
      hashed_token: token.hash,
      verification_type: type,
      redirect_to: redirectTo,
    });
  });
}
