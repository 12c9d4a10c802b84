// Realtime's REST side: `POST /api/broadcast` (realtime-js falls back to it when a channel is not
// joined) and `POST /api/broadcast/<topic>/events/<event>` (`channel.httpSend()`), both 202. A message marked
// `private` reaches private channels only, and only when the caller's claims may write to its topic
// (the realtime.messages INSERT policies), as hosted Realtime checks it.
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Keys } from '../../config/keys.ts';
import type { Claims } from '../../db/database.ts';
import { ServiceError } from '../../http/errors.ts';
import { AccountError, type AccountChecks } from '../../http/account.ts';
import { BodyError, readJsonBody } from '../../http/json-body.ts';
import { identifyRequest, JwtError } from '../../http/keys.ts';
import type { AppEnv } from '../../http/service.ts';
import type { Hub } from '../hub.ts';
import type { JoinChecks } from '../join-checks.ts';

const batch = z.object({
  messages: z
    .array(
      z.object({
        topic: z.string().min(1),
        event: z.string().min(1),
        payload: z.unknown().optional(),
        private: z.boolean().optional(),
      }),
    )
    .max(1000),
});

/** The JSON body; an empty or malformed one is refused. */
async function readJson(c: Context): Promise<unknown> {
  const { value } = await readJsonBody(c).catch((error: unknown) => {
    throw error instanceof BodyError ? notJson() : error;
  });
  if (value === undefined) throw notJson();
  return value;
}

function notJson(): ServiceError {
  return new ServiceError(400, 'invalid_json', 'Body is not valid JSON');
}

async function checkCaller(
  header: (name: string) => string | undefined,
  keys: Keys,
  accounts: AccountChecks,
): Promise<Claims> {
  try {
    const identity = await identifyRequest(
      { authorization: header('authorization'), apikey: header('apikey') },
      keys,
    );
    await accounts.check(identity.claims);
    return identity.claims;
  } catch (error) {
    if (error instanceof AccountError) throw new ServiceError(401, 'invalid_jwt', error.message);
    if (error instanceof JwtError) throw new ServiceError(401, 'invalid_jwt', error.message);
    throw error;
  }
}

export interface BroadcastContext {
  hub: Hub;
  keys: Keys;
  checks: JoinChecks;
  accounts: AccountChecks;
}

export function addBroadcastRoutes(app: Hono<AppEnv>, context: BroadcastContext): void {
  const { hub, keys, checks, accounts } = context;
  /** Private topics the caller may not write to are dropped silently (hosted answers 202 too). */
  const mayWrite = async (claims: Claims, topic: string, isPrivate: boolean) => {
    if (!isPrivate) return true;
    const access = await checks.access(topic, claims);
    return 'broadcastWrite' in access && access.broadcastWrite;
  };

  app.post('/api/broadcast', async (c) => {
    const claims = await checkCaller((name) => c.req.header(name), keys, accounts);
    const parsed = batch.safeParse(await readJson(c));
    if (!parsed.success) {
      throw new ServiceError(
        400,
        'invalid_request',
        'Expected {messages: [{topic, event, payload}]}',
      );
    }
    for (const message of parsed.data.messages) {
      const isPrivate = message.private === true;
      if (!(await mayWrite(claims, message.topic, isPrivate))) continue;
      hub.broadcast(`realtime:${message.topic}`, isPrivate, {
        event: message.event,
        payload: message.payload ?? {},
        binary: false,
      });
    }
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const claims = await checkCaller((name) => c.req.header(name), keys, accounts);
    const binary = /^application\/octet-stream/i.test(c.req.header('content-type') ?? '');
    let payload: unknown;
    if (binary) {
      payload = new Uint8Array(await c.req.arrayBuffer());
    } else {
      payload = await readJson(c);
    }
    const topic = c.req.param('topic');
    const isPrivate = c.req.query('private') === 'true';
    if (!(await mayWrite(claims, topic, isPrivate))) return c.body(null, 202);
    hub.broadcast(`realtime:${topic}`, isPrivate, {
      event: c.req.param('event'),
      payload,
      binary,
      fromBinaryFrame: binary,
    });
    return c.body(null, 202);
  });
}
