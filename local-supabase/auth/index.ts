// The auth service (GoTrue-compatible, mounted at /auth/v1): what @supabase/auth-js 2.119 calls.
import { Hono } from 'hono';
import { limitBody } from '../http/body-limit.ts';
import type { AppEnv, Service, ServiceContext } from '../http/service.ts';
import type { AuthContext } from './context.ts';
import { CodeAttempts } from './code-attempts.ts';
import { EmailLimiter } from './email-limit.ts';
import { echoApiVersion, handleAuthErrors, notFound } from './errors.ts';
import { FactorWrongCodes } from './mfa/wrong-codes.ts';
import { PasswordHasher } from './password-hasher.ts';
import { createRequestLimits, identifyClients, limitRequests } from './rate-limit.ts';
import { addAdminRoutes } from './routes/admin.ts';
import { addAdminSsoRoutes } from './routes/admin-sso.ts';
import { addFactorRoutes } from './routes/factors.ts';
import { addExternalRoutes } from './routes/external.ts';
import { addIdentityRoutes } from './routes/identities.ts';
import { addInviteRoutes } from './routes/invite.ts';
import { addLogoutRoutes } from './routes/logout.ts';
import { addMetaRoutes } from './routes/meta.ts';
import { addOtpRoutes } from './routes/otp.ts';
import { addPasskeyRoutes } from './routes/passkeys.ts';
import { addReauthenticateRoutes } from './routes/reauthenticate.ts';
import { addRecoverRoutes } from './routes/recover.ts';
import { addSignupRoutes } from './routes/signup.ts';
import { addSsoRoutes } from './routes/sso.ts';
import { addSwitchedOffRoutes } from './routes/switched-off.ts';
import { addTokenRoutes } from './routes/token.ts';
import { addUserRoutes } from './routes/user.ts';
import { addVerifyRoutes } from './routes/verify.ts';
import { SamlResponseReader } from './sso/response-reader.ts';

const MAX_BODY_BYTES = 1024 * 1024;

export function createService(service: ServiceContext): Service {
  const context: AuthContext = {
    db: service.db,
    config: service.config,
    keys: service.keys,
    apiUrl: service.apiUrl,
    mailer: service.mailer,
    emailLimiter: new EmailLimiter(service.config.auth.rate_limit.email_sent),
    limits: createRequestLimits(service.config),
    codeAttempts: new CodeAttempts(),
    factorWrongCodes: new FactorWrongCodes(),
    passwords: new PasswordHasher(service.config.local.passwordHashing),
    samlResponses: new SamlResponseReader(),
    log: service.logger.for('auth'),
  };
  const app = new Hono<AppEnv>();
  const onError = handleAuthErrors((error) => {
    service.logger.error('auth', 'unexpected error', error);
  });
  app.onError(onError);
  app.use(echoApiVersion());
  app.use(limitBody(MAX_BODY_BYTES));
  app.use(identifyClients(service.config.local.rateLimitHeader));
  // Where GoTrue limits by route; /token, /signup and PUT /user limit in their handlers (GoTrue's order).
  for (const path of ['/otp', '/recover', '/resend']) {
    app.use(path, limitRequests(context.limits.signInSignUp));
  }
  app.use('/verify', limitRequests(context.limits.verify));
  addMetaRoutes(app, context);
  addSignupRoutes(app, context);
  addTokenRoutes(app, context);
  addOtpRoutes(app, context);
  addVerifyRoutes(app, context);
  addUserRoutes(app, context);
  addLogoutRoutes(app, context);
  addRecoverRoutes(app, context);
  addAdminRoutes(app, context);
  addAdminSsoRoutes(app, context);
  addSsoRoutes(app, context);
  addInviteRoutes(app, context);
  addReauthenticateRoutes(app, context);
  addExternalRoutes(app, context);
  if (context.config.auth.enable_manual_linking) addIdentityRoutes(app, context);
  addSwitchedOffRoutes(app, context);
  addFactorRoutes(app, context);
  addPasskeyRoutes(app, context);
  // A sub-router's notFound is not consulted once mounted; a last catch-all answers in GoTrue's shape.
  app.all('*', () => {
    throw notFound('not_found', 'Not Found');
  });
  return {
    app,
    stop: async () => {
      await Promise.all([context.passwords.close(), context.samlResponses.close()]);
    },
  };
}
