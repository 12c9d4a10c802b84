// The API server: CORS and the API-key gateway in front, one sub-router per service behind it.
import { Hono, type MiddlewareHandler } from 'hono';
import { limitBody } from './body-limit.ts';
import { cors } from './cors.ts';
import { handleErrors } from './errors.ts';
import { requireApiKey } from './gateway.ts';
import { limitRequestHead } from './request-head.ts';
import type { Services } from '../services.ts';
import type { AppEnv, ServiceContext } from './service.ts';

export function createApp(context: ServiceContext, services: Services): Hono<AppEnv> {
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
  // Edge Functions answer CORS themselves (preflight included) and stream their bodies, which the
  // functions service limits as they pass; the hosted gateway asks them for no API key either.
  const notFunctions =
    (handler: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
    async (c, next) =>
      c.req.path.startsWith('/functions/v1/') ? next() : handler(c, next);
  app.use(notFunctions(cors(config.auth.site_url, config.auth.additional_redirect_urls)));
  app.use(limitRequestHead());
  app.use(notFunctions(limitBody(config.local.maxBodyBytes)));
  app.get('/health', (c) =>
    c.json({
      status: 'ok',
      services: Object.fromEntries(Object.keys(services).map((name) => [name, true])),
    }),
  );
  app.use('/:service{auth|rest|storage|realtime}/v1/*', requireApiKey(keys));
  app.route('/auth/v1', services.auth.app);
  app.route('/rest/v1', services.rest.app);
  app.route('/storage/v1', services.storage.app);
  app.route('/realtime/v1', services.realtime.app);
  app.route('/functions/v1', services.functions.app);
  return app;
}
