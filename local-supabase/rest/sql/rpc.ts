// Function calls: named arguments taken from one JSON parameter (json_to_record with the function's
// own argument types), the call materialized once as `pgrst_call` so counting does not call it twice.
import type { Relation, Routine, RoutineParam } from '../snapshot.ts';
import { sourceOf, type Source } from './columns.ts';
import { ident, qualified } from './fragments.ts';

export interface CallSpec {
  routine: Routine;
  /** The parameters given (a subset of the routine's; the rest take their defaults). */
  given: RoutineParam[];
  /** Placeholder of the JSON object of arguments (or of the whole body for a one-parameter call). */
  argsParam: string;
  /** Pass the whole body as the single argument (json, jsonb, text, xml or bytea). */
  wholeBody: boolean;
}

function callExpression(spec: CallSpec): { from: string; call: string } {
  const fn = qualified(spec.routine.schema, spec.routine.name);
  if (spec.wholeBody) {
    // The type comes from the catalog: json, jsonb, text, xml or bytea.
    const type =
      spec.routine.bodyType ?? (spec.routine.params[0]?.type === 'jsonb' ? 'jsonb' : 'json');
    return { from: '', call: `${fn}(${spec.argsParam}::${type})` };
  }
  if (spec.given.length === 0) return { from: '', call: `${fn}()` };
  const definitions = spec.given.map((param) => `${ident(param.name)} ${param.type}`).join(', ');
  const args = spec.given
    .map((param) => `${ident(param.name)} := pgrst_args.${ident(param.name)}`)
    .join(', ');
  return {
    from: `json_to_record(${spec.argsParam}::json) as pgrst_args(${definitions}), lateral `,
    call: `${fn}(${args})`,
  };
}

/** `select fn(...)` for a function returning void. */
export function voidCallSql(spec: CallSpec): string {
  const { from, call } = callExpression(spec);
  return from ? `select ${call} from ${from.replace(/, lateral $/, '')}` : `select ${call}`;
}

/** The `pgrst_call` CTE for functions returning rows, and the Source reading it. */
export function compositeCall(
  spec: CallSpec,
  columns: Source['columns'],
  relation: Relation | undefined,
) {
  const { from, call } = callExpression(spec);
  const cte = `pgrst_call as materialized (select pgrst_fn.* from ${from}${call} as pgrst_fn)`;
  // Rows of a table's type keep its relationships and computed fields.
  const source: Source = relation
    ? { ...sourceOf(relation), fromSql: 'pgrst_call', label: spec.routine.name }
    : { fromSql: 'pgrst_call', label: spec.routine.name, columns, relation: null };
  return { cte, source };
}

/** The `pgrst_call` CTE for functions returning scalars: one column, `pgrst_scalar`. */
export function scalarCall(spec: CallSpec): string {
  const { from, call } = callExpression(spec);
  return `pgrst_call as materialized (select pgrst_fn.pgrst_scalar from ${from}${call} as pgrst_fn(pgrst_scalar))`;
}
