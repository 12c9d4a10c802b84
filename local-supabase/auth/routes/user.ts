// GET /user and PUT /user (password, metadata, e-mail change), as GoTrue's user.go.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireUser } from '../authenticate.ts';
import { objectField, readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { deliver, prepareEmailChange, type PendingEmail } from '../emails.ts';
import { authError, badRequest, forbidden, unprocessable } from '../errors.ts';
import { createFlowState } from '../flow-state.ts';
import { checkReauthentication } from '../reauthentication.ts';
import { checkRateLimit, clientIp } from '../rate-limit.ts';
import { resolveRedirect } from '../redirect.ts';
import { adoptEmail, findUserByEmail, findUserById, mergeMetadata, toUserJson } from '../users.ts';
import { checkPasswordStrength, validateEmail, validatePkceParams } from '../validate.ts';

export function addUserRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const { config, db } = context;

  app.get('/user', async (c) => {
    const { user } = await requireUser(c.req.header('authorization'), context);
    return c.json(toUserJson(user));
  });

  app.put('/user', async (c) => {
    const caller = await requireUser(c.req.header('authorization'), context);
    checkRateLimit(c, context.limits.signInSignUp);
    const body = await readBody(c);
    const rawEmail = stringField(body, 'email') ?? '';
    const password = stringField(body, 'password');
    const data = objectField(body, 'data');
    const appData = objectField(body, 'app_metadata');
    if (stringField(body, 'phone'))
      throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    const email = rawEmail ? validateEmail(rawEmail) : '';
    // The organisation's identity provider owns an SSO account's address and credentials.
    if (
      caller.user.is_sso_user &&
      (Boolean(password) ||
        (email !== '' && email !== caller.user.email) ||
        Boolean(stringField(body, 'nonce')))
    ) {
      throw unprocessable(
        'user_sso_managed',
        'Updating email, phone, password of a SSO account only possible via SSO',
      );
    }
    if (password !== undefined) checkPasswordStrength(password, config);
    if (appData && caller.claims.role !== 'service_role') {
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    const challengeValue = stringField(body, 'code_challenge');
    const challengeMethod = validatePkceParams(
      stringField(body, 'code_challenge_method'),
      challengeValue,
    );
    const changesEmail = email !== '' && email !== caller.user.email;
    const hasVerifiedFactor = caller.user.factors_json.some((f) => f.status === 'verified');
    if (hasVerifiedFactor && caller.claims['aal'] !== 'aal2' && (password || changesEmail)) {
      throw authError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
    if (password !== undefined) {
      // GoTrue checks (and spends) the nonce before anything else of the change, in its own write.
      const nonce = stringField(body, 'nonce') ?? '';
      await db.transaction((tx) =>
        checkReauthentication(tx, context, caller.user, caller.sessionId, nonce),
      );
    }
    let passwordHash: string | undefined;
    if (password) {
      if (await context.passwords.verify(password, caller.user.encrypted_password)) {
        throw unprocessable(
          'same_password',
          'New password should be different from the old password.',
        );
      }
      passwordHash = await context.passwords.hash(password);
    }
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), config);
    const emails: PendingEmail[] = [];
    const updated = await db.transaction(async (tx) => {
      const userId = caller.user.id;
      if (changesEmail) {
        const other = await findUserByEmail(tx, email);
        if (other && other.id !== userId) {
          throw unprocessable(
            'email_exists',
            'A user with this email address has already been registered',
          );
        }
      }
      if (passwordHash !== undefined) {
        await tx.query(
          'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
          [userId, passwordHash],
        );
        // A new password ends the member's other sessions (GoTrue `UpdatePassword`).
        await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
          userId,
          caller.sessionId,
        ]);
      }
      if (data) {
        await tx.query(
          'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
          [userId, mergeMetadata(caller.user.raw_user_meta_data, data, 'user_metadata')],
        );
      }
      if (appData) {
        await tx.query(
          'update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1',
          [userId, mergeMetadata(caller.user.raw_app_meta_data, appData, 'app_metadata')],
        );
      }
      if (changesEmail && caller.user.is_anonymous && !config.auth.email.enable_confirmations) {
        // GoTrue: with mail confirmations off an anonymous user's new address applies at once,
        // like a sign-up; permanent users always confirm a change by mail.
        const current = await findUserById(tx, userId);
        if (current) await adoptEmail(tx, current, email);
      } else if (changesEmail) {
        if (challengeMethod) {
          await createFlowState(tx, userId, challengeMethod, challengeValue ?? '', 'email_change');
        }
        const current = await findUserById(tx, userId);
        if (current) {
          emails.push(
            ...(await prepareEmailChange(tx, context, current, email, {
              redirectTo,
              pkce: challengeMethod !== null,
              clientIp: clientIp(c),
            })),
          );
        }
      }
      return findUserById(tx, userId);
    });
    await deliver(context, emails);
    return c.json(toUserJson(updated ?? caller.user));
  });
}
