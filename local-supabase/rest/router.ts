// The REST service: a PostgREST-compatible sub-router for `/rest/v1`. Tables and views at `/<name>`,
// functions at `/rpc/<name>`; every statement runs as the caller's role so row level security decides.
import { Hono, type Context } from 'hono';
import type { Claims, Database } from '../db/database.ts';
import type { SchemaCache } from '../db/schema-cache.ts';
import type { Keys } from '../config/keys.ts';
import { errorBody, toServiceError, type ServiceError } from '../http/errors.ts';
import type { AppEnv } from '../http/service.ts';
import { AccountError, checkAccount } from '../http/account.ts';
import { identifyRequest, JwtError } from '../http/keys.ts';
import { jwtError, restError, tableNotFound } from './errors.ts';
import { readRelation } from './handlers/read.ts';
import { putRow } from './handlers/put.ts';
import { callFunction } from './handlers/rpc.ts';
import type { Scope } from './handlers/scope.ts';
import { deleteRows, insertRows, updateRows } from './handlers/write.ts';
import { parseQuery } from './parse/query.ts';
import { PlanAnswer } from './plan.ts';
import { negotiate, parsePreferences, requestSchema } from './request.ts';
import { send, type Reply } from './response.ts';
import type { DbConfigSource } from './db-config.ts';
import { loadSnapshot, type SchemaSnapshot } from './snapshot.ts';
import { suggestName } from './suggest.ts';

export interface RestOptions {
  db: Database;
  /** The backend's schema cache: the snapshot of an exposed schema is kept there until DDL runs. */
  schemaCache: SchemaCache;
  /** `[api] schemas`: the schemas exposed, the first by default (PGRST106 for others). */
  schemas?: readonly string[];
  /** `[api] extra_search_path`: the schemas after the request's in `search_path`. */
  extraSearchPath?: readonly string[];
  /** PostgREST's in-database configuration (`pgrst.*` settings on the authenticator role). */
  dbConfig: DbConfigSource;
  keys: Keys;
  /** The largest request body accepted (413 above it). */
  maxBodyBytes?: number;
  /** Called with errors that are bugs (answered 500). */
  onUnexpected?: (error: unknown) => void;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

async function identify(c: Context, keys: Keys, db: Database): Promise<Claims> {
  try {
    const identity = await identifyRequest(
      {
        authorization: c.req.header('authorization'),
        apikey: c.req.header('apikey') ?? c.req.query('apikey'),
      },
      keys,
    );
    await checkAccount(db, identity.claims);
    return identity.claims;
  } catch (error) {
    // A deleted or banned user's token is refused like a token that does not verify.
    if (error instanceof AccountError) throw jwtError('PGRST301', error.message);
    if (!(error instanceof JwtError)) throw error;
    if (error.problem === 'expired') throw jwtError('PGRST303', 'JWT expired');
    if (error.problem === 'invalid_signature') {
      throw jwtError('PGRST301', 'JWT cryptographic operation failed');
    }
    throw jwtError('PGRST301', error.message);
  }
}

function renderError(c: Context, error: unknown, onUnexpected?: (error: unknown) => void) {
  if (error instanceof PlanAnswer) return send(c, error.reply, c.req.method === 'HEAD');
  const serviceError: ServiceError = toServiceError(error, onUnexpected);
  const headers: Record<string, string> = { ...serviceError.headers };
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Proxy-Status'] = `PostgREST; error=${serviceError.code}`;
  // `extra.details` carries structured details (PGRST201's candidate list) in place of the text.
  const payload = { ...errorBody('rest', serviceError), ...serviceError.extra };
  const body = c.req.method === 'HEAD' ? null : JSON.stringify(payload);
  return new Response(body, { status: serviceError.status, headers });
}

function findRelation(snapshot: SchemaSnapshot, name: string) {
  const relation = snapshot.relations.get(name);
  if (relation) return relation;
  throw tableNotFound(snapshot.schema, name, suggestName(name, [...snapshot.relations.keys()]));
}

async function handleTable(scope: Scope, name: string): Promise<Reply> {
  const relation = findRelation(scope.snapshot, name);
  switch (scope.c.req.method) {
    case 'GET':
    case 'HEAD':
      return readRelation(scope, relation);
    case 'POST':
      return insertRows(scope, relation);
    case 'PATCH':
      return updateRows(scope, relation);
    case 'DELETE':
      return deleteRows(scope, relation);
    case 'PUT':
      return putRow(scope, relation);
    default:
      throw restError(405, 'PGRST117', `Unsupported HTTP method: ${scope.c.req.method}`);
  }
}

export function createRestRouter(options: RestOptions): Hono<AppEnv> {
  const { db, schemaCache, dbConfig, keys, onUnexpected } = options;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const schemas = options.schemas ?? ['public'];
  const extraSearchPath = options.extraSearchPath ?? ['public', 'extensions'];
  const router = new Hono<AppEnv>();

  async function prepare(c: Context, rpc: boolean, path: string): Promise<Scope> {
    const claims = await identify(c, keys, db);
    const schema = requestSchema(c, schemas);
    const query = parseQuery(new URL(c.req.url).searchParams, { rpc });
    const preferences = parsePreferences(c.req.header('prefer'));
    const [snapshot, config] = await Promise.all([
      schemaCache.get(`rest:${schema}`, () => loadSnapshot(db, schema)),
      dbConfig.get(),
    ]);
    const negotiated = negotiate(c.req.header('accept'), config.planEnabled);
    const aggregates = config.aggregatesEnabled;
    return {
      c,
      db,
      claims,
      snapshot,
      query,
      preferences,
      negotiated,
      maxBodyBytes,
      path,
      aggregates,
      searchPath: [schema, ...extraSearchPath],
    };
  }

  function answer(scope: Scope, reply: Reply): Response {
    const response = send(scope.c, reply, scope.c.req.method === 'HEAD');
    // With more than one schema exposed, PostgREST names the one that answered.
    if (schemas.length > 1) response.headers.set('Content-Profile', scope.snapshot.schema);
    return response;
  }

  router.all('/rpc/:name', async (c) => {
    try {
      const name = c.req.param('name');
      const method = c.req.method;
      if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
        throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
      }
      const scope = await prepare(c, true, `/rpc/${name}`);
      return answer(scope, await callFunction(scope, name));
    } catch (error) {
      return renderError(c, error, onUnexpected);
    }
  });

  router.all('/:name', async (c) => {
    try {
      const name = c.req.param('name');
      const scope = await prepare(c, false, `/${name}`);
      return answer(scope, await handleTable(scope, name));
    } catch (error) {
      return renderError(c, error, onUnexpected);
    }
  });

  // PostgREST serves OpenAPI here unless `openapi-mode` is disabled; this server does not have it.
  router.all('/', (c) =>
    renderError(c, restError(404, 'PGRST126', 'Root endpoint metadata is disabled')),
  );

  router.all('*', (c) =>
    renderError(c, restError(404, 'PGRST125', 'Invalid path specified in request URL')),
  );

  return router;
}
