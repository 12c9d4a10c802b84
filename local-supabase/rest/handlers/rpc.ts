// POST/GET/HEAD /rpc/<function>: named arguments from the JSON body or the query string.
import { invalidBody, restError, singularityError } from '../errors.ts';
import { readJsonBody } from '../request.ts';
import { contentRange, preferenceApplied, type Reply } from '../response.ts';
import { buildRead, createContext } from '../sql/read.ts';
import { compositeCall, scalarCall, voidCallSql, type CallSpec } from '../sql/rpc.ts';
import type { Routine, RoutineParam, SchemaSnapshot } from '../snapshot.ts';
import { replyWithRows } from './read.ts';
import { checkMaxAffected, queryBound, queryStatement, runAsCaller, type Scope } from './scope.ts';
import type { Preferences } from '../request.ts';

/** The preferences PostgREST reports as applied on a function call. */
const CALL_PREFERENCES: (keyof Preferences)[] = ['count', 'tx', 'handling', 'maxAffected'];

interface Arguments {
  /** The argument names given. */
  names: string[];
  /** JSON text of the arguments object (or of the whole body). */
  text: string;
  /** The POST body is one json value to pass whole (`Prefer: params=single-object`). */
  singleObject: boolean;
}

function noFunction(snapshot: SchemaSnapshot, name: string, names: string[]) {
  const signature =
    names.length === 0 ? ' without parameters' : `(${[...names].sort().join(', ')})`;
  const withParams =
    names.length === 0
      ? ' without parameters'
      : ` with parameter${names.length > 1 ? 's' : ''} ${[...names].sort().join(', ')}`;
  const overloads = snapshot.routines.get(name) ?? [];
  const hint =
    overloads.length > 0 && overloads[0]
      ? `Perhaps you meant to call the function ${snapshot.schema}.${name}(${overloads[0].params
          .map((param) => param.name)
          .sort()
          .join(', ')})`
      : null;
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${snapshot.schema}.${name}${signature} in the schema cache`,
    `Searched for the function ${snapshot.schema}.${name}${withParams}, but no matches were found in the schema cache.`,
    hint,
  );
}

function accepts(routine: Routine, args: Arguments): boolean {
  if (args.singleObject || routine.takesBody)
    return routine.takesBody || routine.params.length === 1;
  const names = new Set(routine.params.map((param) => param.name));
  return (
    args.names.every((name) => names.has(name)) &&
    routine.params.every((param) => !param.required || args.names.includes(param.name))
  );
}

function chooseRoutine(snapshot: SchemaSnapshot, name: string, args: Arguments): Routine {
  const overloads = snapshot.routines.get(name) ?? [];
  let candidates = overloads.filter((routine) => accepts(routine, args));
  if (candidates.length > 1) {
    candidates = candidates.filter((routine) => routine.params.length === args.names.length);
  }
  const [chosen, ...others] = candidates;
  if (!chosen) throw noFunction(snapshot, name, args.names);
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

async function readArguments(scope: Scope): Promise<Arguments> {
  const method = scope.c.req.method;
  if (method === 'GET' || method === 'HEAD') {
    const values: Record<string, string | string[]> = {};
    for (const [key, value] of scope.query.args) {
      const previous = values[key];
      if (previous === undefined) values[key] = value;
      else values[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    return { names: Object.keys(values), text: JSON.stringify(values), singleObject: false };
  }
  const body = await readJsonBody(scope.c, scope.maxBodyBytes);
  const singleObject = scope.preferences.params === 'single-object';
  if (body.kind === 'empty') return { names: [], text: '{}', singleObject: false };
  if (singleObject) return { names: [], text: body.text, singleObject };
  if (body.kind !== 'object')
    throw invalidBody('Expected a JSON object with the function\u2019s arguments');
  return { names: Object.keys(body.value), text: body.text, singleObject };
}

export async function callFunction(scope: Scope, name: string): Promise<Reply> {
  const args = await readArguments(scope);
  const routine = chooseRoutine(scope.snapshot, name, args);
  const context = createContext(scope.snapshot, scope.query);
  const wholeBody = args.singleObject || routine.takesBody;
  const given: RoutineParam[] = wholeBody
    ? []
    : routine.params.filter((param) => args.names.includes(param.name));
  const spec: CallSpec = { routine, given, argsParam: context.params.add(args.text), wholeBody };
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
    (tx) => queryStatement(tx, sql, context.params.values),
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
