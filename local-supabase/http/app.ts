// The API server: CORS and the API-key gateway in front, one sub-router per service behind it.
import { existsSync } from 'node:fs';
import { Hono } from 'hono';
import { limitBody } from './body-limit.ts';
import { cors } from './cors.ts';
import { handleErrors, ServiceError } from './errors.ts';
import { requireApiKey } from './gateway.ts';
import { limitRequestHead } from './request-head.ts';
import type { AppEnv, Service, ServiceContext, ServiceFactory } from './service.ts';

export const SERVICES = {
  auth: { path: '/auth/v1', shape: 'auth' },
  rest: { path: '/rest/v1', shape: 'rest' },
  storage: { path: '/storage/v1', shape: 'storage' },
  realtime: { path: '/realtime/v1', shape: 'gateway' },
} as const;

export type ServiceName = keyof typeof SERVICES;

/**
 * Loads `local-supabase/<name>/index.ts` (export `createService`) for each service that exists, so a
 * service plugs in by adding its folder; a missing one is answered by a placeholder.
 */
export async function loadServices(
  context: ServiceContext,
): Promise<Partial<Record<ServiceName, Service>>> {
  const services: Partial<Record<ServiceName, Service>> = {};
  for (const name of Object.keys(SERVICES) as ServiceName[]) {
    const entry = new URL(`../${name}/index.ts`, import.meta.url);
    if (!existsSync(entry)) continue;
    const module = (await import(entry.href)) as { createService?: ServiceFactory };
    if (typeof module.createService !== 'function') {
      throw new Error(`local-supabase/${name}/index.ts must export createService(context)`);
    }
    services[name] = await module.createService(context);
  }
  return services;
}

function placeholder(name: ServiceName): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleErrors(SERVICES[name].shape));
  app.all('*', () => {
    throw new ServiceError(
      501,
      'not_implemented',
      `The local ${name} service is not available yet`,
    );
  });
  return app;
}

export function createApp(
  context: ServiceContext,
  services: Partial<Record<ServiceName, Service>>,
): Hono<AppEnv> {
  const { config, keys, logger } = context;
  const app = new Hono<AppEnv>();
  const onUnexpected = (error: unknown) => {
    logger.error('http', 'unexpected error', error);
  };
  app.onError(handleErrors('gateway', onUnexpected));
  const logRequest = logger.for('http');
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logRequest(
      `${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)} ms`,
    );
  });
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.use(cors(config.auth.site_url, config.auth.additional_redirect_urls));
  app.use(limitRequestHead());
  app.use(limitBody(config.local.maxBodyBytes));
  app.get('/health', (c) =>
    c.json({
      status: 'ok',
      services: Object.fromEntries(
        (Object.keys(SERVICES) as ServiceName[]).map((name) => [name, name in services]),
      ),
    }),
  );
  app.use('/:service{auth|rest|storage|realtime}/v1/*', requireApiKey(keys));
  for (const name of Object.keys(SERVICES) as ServiceName[]) {
    app.route(SERVICES[name].path, services[name]?.app ?? placeholder(name));
  }
  return app;
}
