// POST/GET/HEAD /rpc/<function>: named arguments from the JSON body or the query string.
import { invalidBody, restError, singularityError } from '../errors.ts';
import { decodeText, readJsonBody, readRawBody } from '../request.ts';
import { contentRange, preferenceApplied, type Reply } from '../response.ts';
import { buildRead, createContext } from '../sql/read.ts';
import { compositeCall, scalarCall, voidCallSql, type CallSpec } from '../sql/rpc.ts';
import type { BodyType, Routine, RoutineParam, SchemaSnapshot } from '../snapshot.ts';
import { fuzzyMatch, NAME_SCORE, PARAMS_SCORE } from '../suggest.ts';
import { replyWithRows } from './read.ts';
import { checkMaxAffected, queryBound, queryStatement, runAsCaller, type Scope } from './scope.ts';
import type { Preferences } from '../request.ts';

/** The preferences PostgREST reports as applied on a function call. */
const CALL_PREFERENCES: (keyof Preferences)[] = ['count', 'tx', 'handling', 'maxAffected'];

/** How the arguments arrived: PostgREST's `isInvPost` and the body's media type. */
type BodyMedia = 'json' | 'text' | 'xml' | 'bytea' | 'other';

interface Arguments {
  /** The argument names given, sorted (PostgREST keeps them in a set). */
  names: string[];
  /** JSON text of the arguments object (or of the whole JSON body), or the raw body. */
  value: string | Uint8Array;
  /** The POST body is one json value to pass whole (`Prefer: params=single-object`). */
  singleObject: boolean;
  /** POST, rather than GET or HEAD. */
  post: boolean;
  media: BodyMedia;
}

/** The single unnamed parameter type each POST body media type may fill. */
const BODY_PARAM_TYPES: Record<BodyMedia, readonly BodyType[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  bytea: ['bytea'],
  other: [],
};

/** Raw bodies (text/plain, text/xml, application/octet-stream) only call one-parameter functions. */
function rawBody(args: Arguments): boolean {
  return args.post && args.media !== 'json' && args.media !== 'other';
}

/** PGRST202 in PostgREST's words, with its fuzzy "Perhaps you meant …" hint. */
function noFunction(snapshot: SchemaSnapshot, name: string, args: Arguments) {
  const qualifiedName = `${snapshot.schema}.${name}`;
  const list = args.names.join(', ');
  const withParams =
    args.names.length === 0
      ? ' without parameters'
      : ` with parameter${args.names.length > 1 ? 's' : ''} ${list}`;
  const raw = rawBody(args);
  const signature = raw ? '' : args.names.length === 0 ? ' without parameters' : `(${list})`;
  let searched = withParams;
  if (raw) searched = ` with a single unnamed ${args.media} parameter`;
  else if (args.post && args.media === 'json') {
    searched += ' or with a single unnamed json/jsonb parameter';
  }
  let hint: string | null = null;
  if (!raw) {
    const overloads = snapshot.routines.get(name) ?? [];
    const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`;
    const suggestion =
      overloads.length === 0
        ? fuzzyMatch(name, snapshot.routines.keys(), NAME_SCORE)
        : fuzzyMatch(
            paramList(args.names),
            overloads.map((routine) => paramList(routine.params.map((param) => param.name))),
            PARAMS_SCORE,
          );
    if (suggestion !== undefined) {
      hint = `Perhaps you meant to call the function ${snapshot.schema}.${overloads.length === 0 ? suggestion : name + suggestion}`;
    }
  }
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${qualifiedName}${signature} in the schema cache`,
    `Searched for the function ${qualifiedName}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** PostgREST's `matchesParams`: the names given fit the function's required and optional parameters. */
function matchesParams(routine: Routine, args: Arguments): boolean {
  const { params } = routine;
  if (args.singleObject) {
    return params.length === 1 && ['json', 'jsonb'].includes(params[0]?.type ?? '');
  }
  if (params.length === 0) return args.names.length === 0 && !rawBody(args);
  const given = new Set(args.names);
  const required = params.filter((param) => param.required).map((param) => param.name);
  const optional = new Set(params.filter((param) => !param.required).map((param) => param.name));
  const rest = args.names.filter((name) => !optional.has(name));
  return rest.length === required.length && required.every((name) => given.has(name));
}

/** A function of one unnamed parameter that the POST body fills whole, by its media type. */
function takesWholeBody(routine: Routine, args: Arguments): boolean {
  return (
    args.post &&
    routine.bodyType !== null &&
    BODY_PARAM_TYPES[args.media].includes(routine.bodyType)
  );
}

/**
 * PostgREST's order of overloads (its `Ord Routine`, SchemaCache.hs `decodeFuncs`): fewer
 * parameters first, then by comment (none before any, then in text order), then the parameters
 * compared one by one, by name and then type.
 */
function byPostgrestOrder(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  if (a.description !== b.description) {
    if (a.description === null) return -1;
    if (b.description === null) return 1;
    return a.description < b.description ? -1 : 1;
  }
  for (const [i, left] of a.params.entries()) {
    const right = b.params[i];
    if (!right) break;
    for (const key of ['name', 'type'] as const) {
      if (left[key] !== right[key]) return left[key] < right[key] ? -1 : 1;
    }
  }
  return 0;
}

/** The overload to call, as PostgREST's `findProc` chooses it (PGRST203 when more than one fits). */
function chooseRoutine(snapshot: SchemaSnapshot, name: string, args: Arguments): Routine {
  const overloads = snapshot.routines.get(name) ?? [];
  const named = overloads.filter((routine) => matchesParams(routine, args));
  const candidates =
    named.length > 0 ? named : overloads.filter((routine) => takesWholeBody(routine, args));
  candidates.sort(byPostgrestOrder);
  const [chosen, ...others] = candidates;
  if (!chosen) throw noFunction(snapshot, name, args);
  if (others.length > 0) {
    throw restError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates
        .map(
          (r) =>
            `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  return chosen;
}

/** The body's media type as PostgREST reads it for a call (no Content-Type is JSON). */
function bodyMedia(contentType: string | undefined): BodyMedia {
  const type = (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type === '' || type.endsWith('+json')) return 'json';
  if (type === 'text/plain') return 'text';
  if (type === 'text/xml') return 'xml';
  if (type === 'application/octet-stream') return 'bytea';
  return 'other';
}

async function readArguments(scope: Scope): Promise<Arguments> {
  const method = scope.c.req.method;
  if (method === 'GET' || method === 'HEAD') {
    const values: Record<string, string | string[]> = {};
    for (const [key, value] of scope.query.args) {
      const previous = values[key];
      if (previous === undefined) values[key] = value;
      else values[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    return {
      names: Object.keys(values).sort(),
      value: JSON.stringify(values),
      singleObject: false,
      post: false,
      media: 'json',
    };
  }
  const media = bodyMedia(scope.c.req.header('content-type'));
  const singleObject = scope.preferences.params === 'single-object';
  if (media !== 'json' && media !== 'other') {
    const bytes = await readRawBody(scope.c, scope.maxBodyBytes);
    const value = media === 'bytea' ? bytes : decodeText(bytes);
    return { names: [], value, singleObject: false, post: true, media };
  }
  const body = await readJsonBody(scope.c, scope.maxBodyBytes);
  const base: Arguments = { names: [], value: '{}', singleObject: false, post: true, media };
  if (body.kind === 'empty') return base;
  if (singleObject) return { ...base, value: body.text, singleObject };
  if (body.kind !== 'object') {
    throw invalidBody('Expected a JSON object with the function\u2019s arguments');
  }
  return { ...base, names: Object.keys(body.value).sort(), value: body.text };
}

export async function callFunction(scope: Scope, name: string): Promise<Reply> {
  const args = await readArguments(scope);
  const routine = chooseRoutine(scope.snapshot, name, args);
  const context = createContext(scope.snapshot, scope.query, scope.aggregates);
  // One positional argument: a function of one unnamed parameter, or `params=single-object`.
  const wholeBody = args.singleObject || routine.bodyType !== null;
  const given: RoutineParam[] = wholeBody
    ? []
    : routine.params.filter((param) => args.names.includes(param.name));
  const spec: CallSpec = { routine, given, argsParam: context.params.add(args.value), wholeBody };
  const returns = routine.returns;
  const output = {
    count: scope.preferences.count !== undefined,
    shape: scope.negotiated.shape,
    stripNulls: scope.negotiated.stripNulls,
  };
  if (returns.kind === 'void') {
    const sql = voidCallSql(spec);
    await runAsCaller(scope, (tx) => queryBound(tx, sql, context.params.values));
    return { status: 204, body: null, headers: {} };
  }
  if (returns.kind === 'composite') {
    const relation =
      returns.relation === null ? undefined : scope.snapshot.relations.get(returns.relation);
    const { cte, source } = compositeCall(spec, returns.columns, relation);
    // A function returning one row answers with that row as an object (null when filtered away).
    if (!returns.setof) output.shape = 'object';
    return replyWithRows(scope, buildRead(context, source, output, [cte]), {
      singleRow: !returns.setof,
      honoured: CALL_PREFERENCES,
      limitAffected: true,
    });
  }
  const level = scope.query.levels.get('');
  let page = 'select pgrst_scalar from pgrst_call';
  if (level?.limit !== undefined) page += ` limit ${level.limit}`;
  if (level?.offset !== undefined) page += ` offset ${level.offset}`;
  const aggregate =
    returns.setof && scope.negotiated.shape === 'array'
      ? `coalesce(json_agg(pgrst_source.pgrst_scalar), '[]'::json)::text`
      : `(json_agg(pgrst_source.pgrst_scalar)->0)::text`;
  const total = output.count ? '(select count(*) from pgrst_call)' : 'null';
  const sql = `with ${scalarCall(spec)}, pgrst_source as (${page}) select ${total}::text as total, count(*)::int4 as page_total, ${aggregate} as body from pgrst_source`;
  const single = returns.setof && scope.negotiated.shape === 'object';
  const row = await runAsCaller(
    scope,
    (tx) => queryStatement(tx, sql, context.params.values, scope.negotiated.plan),
    (result) => {
      checkMaxAffected(scope.preferences, result.page_total);
      if (single && result.page_total !== 1) throw singularityError(result.page_total);
    },
  );
  const offset = level?.offset ?? 0;
  const totalCount = row.total === null ? null : Number(row.total);
  const headers: Record<string, string> = {
    'Content-Type': scope.negotiated.contentType,
    'Content-Range': contentRange(offset, offset + row.page_total - 1, totalCount),
  };
  const applied = preferenceApplied(scope.preferences, CALL_PREFERENCES);
  if (applied) headers['Preference-Applied'] = applied;
  return { status: 200, body: row.body ?? 'null', headers };
}
