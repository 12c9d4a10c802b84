// GET /settings, /health and /.well-known/jwks.json.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import type { AuthContext } from '../context.ts';
import { enabledProviders } from '../external/providers.ts';

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
  'phone',
];

export function addMetaRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const { config } = context;
  app.get('/settings', (c) =>
    c.json({
      external: {
        ...Object.fromEntries(
          PROVIDERS.map((provider) => [provider, enabledProviders(config).includes(provider)]),
        ),
        anonymous_users: config.auth.enable_anonymous_sign_ins,
        email: config.auth.email.enable_signup,
      },
      disable_signup: !config.auth.enable_signup,
      mailer_autoconfirm: !config.auth.email.enable_confirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: config.auth.saml.enabled,
    }),
  );
  app.get('/health', (c) =>
    c.json({
      version: 'local',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );
  // With `signing_keys_path` the public keys; HS256 tokens (a shared secret) have none to publish.
  app.get('/.well-known/jwks.json', (c) =>
    c.json({ keys: context.keys.signing?.publicJwks ?? [] }),
  );
}
