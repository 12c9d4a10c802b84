// The realtime service: a Phoenix-protocol WebSocket at `/realtime/v1/websocket` (broadcast, presence,
// postgres_changes filtered by RLS) and the broadcast REST API under `/realtime/v1/api`.
import { Hono } from 'hono';
import { handleErrors, ServiceError } from '../http/errors.ts';
import type { AppEnv, Service, ServiceContext } from '../http/service.ts';
import { deliverChanges } from './changes/deliver.ts';
import { ChangeFeed, removeCapture } from './changes/feed.ts';
import { TableCatalog } from './changes/tables.ts';
import { Hub } from './hub.ts';
import { AccountChecks } from '../http/account.ts';
import { JoinChecks } from './join-checks.ts';
import { RealtimeQuota } from './limits.ts';
import { addBroadcastRoutes } from './routes/broadcast.ts';
import { attachWebSocket, type RealtimeSockets } from './websocket.ts';

export async function createService(context: ServiceContext): Promise<Service> {
  const { config, db, keys, logger } = context;
  if (!config.realtime.enabled) {
    await removeCapture(db);
    const app = new Hono<AppEnv>();
    app.onError(handleErrors('gateway'));
    app.all('*', () => {
      throw new ServiceError(404, 'not_found', 'Realtime is disabled in supabase/config.toml');
    });
    return { app };
  }
  const log = logger.for('realtime');
  const onError = (error: unknown) => {
    logger.error('realtime', 'change delivery failed', error);
  };
  const hub = new Hub();
  const checks = new JoinChecks(db);
  const accounts = new AccountChecks(db);
  const catalog = new TableCatalog(db, context.schemaCache);
  const feed = new ChangeFeed({
    db,
    deliver: (changes) =>
      deliverChanges(changes, {
        db,
        catalog,
        subscribers: () => hub.channels(),
        broadcast: (message) => {
          hub.broadcast(`realtime:${message.topic}`, message.private, {
            event: message.event,
            payload: message.payload,
            binary: false,
          });
        },
        onError,
      }),
    onError,
  });
  await feed.start();
  const app = new Hono<AppEnv>();
  app.onError(
    handleErrors('gateway', (error) => {
      logger.error('realtime', 'unexpected error', error);
    }),
  );
  addBroadcastRoutes(app, { hub, keys, checks, accounts });
  app.all('*', () => {
    throw new ServiceError(404, 'not_found', 'no Route matched with those values');
  });
  let sockets: RealtimeSockets | undefined;
  return {
    app,
    attach(server) {
      sockets = attachWebSocket(server, keys, {
        hub,
        catalog,
        checks,
        accounts,
        keys,
        log,
        quota: new RealtimeQuota(config.local.realtimeLimits),
      });
    },
    async detach() {
      await sockets?.close();
    },
    async stop() {
      await feed.stop();
    },
  };
}
