// The reasons Realtime gives when a postgres_changes subscription is refused, in its words
// (supabase/realtime `Extensions.PostgresCdcRls.Subscriptions`): a failed insert into
// realtime.subscription is reported with Postgrex's rendering of the database error.
import type { ClientBinding } from './bindings.ts';

/** The condition names Postgrex gives the SQLSTATEs a filter check can raise. */
const CONDITIONS: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '22021': 'character_not_in_repertoire',
  '22023': 'invalid_parameter_value',
  '22P03': 'invalid_binary_representation',
  '2201B': 'invalid_regular_expression',
  '42883': 'undefined_function',
  '42804': 'datatype_mismatch',
};

/** The binding as the join reply's reasons show it. */
export function describeBinding(binding: ClientBinding): string {
  return `[event: ${binding.event}, schema: ${binding.schema}, table: ${binding.table ?? '*'}, filters: [${binding.filter ?? ''}]]`;
}

/**
 * A database error while subscribing, as Realtime reports it: `… Exception: ERROR 22P02
 * (invalid_text_representation) invalid input syntax for type integer: "x"` (Postgrex's
 * `Exception.message/1`: severity, SQLSTATE, condition name, message).
 */
export function subscribeException(binding: ClientBinding, sqlstate: string, message: string) {
  const condition = CONDITIONS[sqlstate];
  const rendered = condition
    ? `ERROR ${sqlstate} (${condition}) ${message}`
    : `ERROR ${sqlstate} ${message}`;
  return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${describeBinding(binding)}. Exception: ${rendered}`;
}

/** `raise exception 'invalid column for filter %'` in realtime.subscription_check_filters. */
export function invalidFilterColumn(binding: ClientBinding, column: string): string {
  return subscribeException(binding, 'P0001', `invalid column for filter ${column}`);
}

/**
 * A filter without a table matches none of `parse_subscription_params`' shapes; Realtime answers
 * with the binding as Elixir's `inspect` prints a map (keys sorted).
 */
export function noSubscriptionParams(raw: Record<string, unknown>): string {
  const entries = Object.keys(raw)
    .sort()
    .map((key) => `${JSON.stringify(key)} => ${JSON.stringify(raw[key])}`);
  return `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: %{${entries.join(', ')}}`;
}
