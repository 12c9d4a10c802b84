// POST /admin/generate_link: the link and code an e-mail would carry, without sending it (GoTrue
// adminGenerateLink). Tests use it to sign in by link without reading the mailbox.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { objectField, readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { generateOtp, randomPassword, tokenHash } from '../crypto.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { resolveRedirect } from '../redirect.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  isConfirmed,
  mergeMetadata,
  storeOneTimeToken,
  toUserJson,
} from '../users.ts';
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
    const otp = generateOtp(config.auth.email.otp_length);
    const hashed = tokenHash(email, otp);
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

    const user = await db.transaction(async (tx) => {
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
      if (type === 'magiclink' || type === 'recovery') {
        await tx.query(
          'update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1',
          [user.id, hashed],
        );
        await storeOneTimeToken(tx, user.id, 'recovery_token', hashed, email);
      } else if (type === 'signup' || type === 'invite') {
        await tx.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
              invited_at = case when $3 then now() else invited_at end where id = $1`,
          [user.id, hashed, type === 'invite'],
        );
        await storeOneTimeToken(tx, user.id, 'confirmation_token', hashed, email);
      } else {
        const other = await findUserByEmail(tx, newEmail);
        if (other && other.id !== user.id) throw unprocessable('email_exists', EMAIL_EXISTS);
        const column =
          type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
        const hash = type === 'email_change_current' ? hashed : tokenHash(newEmail, otp);
        await tx.query(
          `update auth.users set email_change = $2, ${column} = $3, email_change_sent_at = now(),
              email_change_confirm_status = 0 where id = $1`,
          [user.id, newEmail, hash],
        );
        await storeOneTimeToken(
          tx,
          user.id,
          column,
          hash,
          type === 'email_change_current' ? email : newEmail,
        );
      }
      return findUserById(tx, user.id);
    });
    if (!user) throw notFound('user_not_found', 'User with this email not found');
    const hashedToken =
      type === 'email_change_current'
        ? (user.email_change_token_current ?? '')
        : type === 'email_change_new'
          ? (user.email_change_token_new ?? '')
          : type === 'magiclink' || type === 'recovery'
            ? (user.recovery_token ?? '')
            : (user.confirmation_token ?? '');
    const linkType = type.startsWith('email_change') ? 'email_change' : type;
    const query = new URLSearchParams({
      token: hashedToken,
      type: linkType,
      redirect_to: redirectTo,
    });
    return c.json({
      ...toUserJson(user),
      action_link: `${context.apiUrl}/auth/v1/verify?${query.toString()}`,
      email_otp: otp,
      hashed_token: hashedToken,
      verification_type: type,
      redirect_to: redirectTo,
    });
  });
}
