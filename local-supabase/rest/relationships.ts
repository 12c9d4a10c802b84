// Finds the foreign key an embed follows (`author:profiles!author_id(...)`), with PostgREST's
// errors when there is none (PGRST200) or more than one (PGRST201).
import { ServiceError } from '../http/errors.ts';
import { restError } from './errors.ts';
import type { ForeignKey, SchemaSnapshot } from './snapshot.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one';

export interface Relationship {
  constraint: string;
  cardinality: Cardinality;
  /** The embedding relation and the embedded one. */
  origin: string;
  target: string;
  /** Column pairs joining them: [origin column, target column]. */
  pairs: [string, string][];
  toOne: boolean;
  /** A computed relationship: the target rows are `function(origin row)`. */
  computed?: { schema: string; function: string };
}

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((column) => b.includes(column));
}

function isUnique(snapshot: SchemaSnapshot, table: string, columns: string[]): boolean {
  const relation = snapshot.relations.get(table);
  return !!relation?.uniqueKeys.some((key) => sameColumns(key, columns));
}

function zip(a: string[], b: string[]): [string, string][] {
  return a.map((column, index) => [column, b[index] ?? column]);
}

/** Every relationship from `origin`, both directions of each foreign key touching it. */
function relationshipsFrom(snapshot: SchemaSnapshot, origin: string): Relationship[] {
  const found: Relationship[] = [];
  const add = (fk: ForeignKey) => {
    if (fk.table === origin) {
      found.push({
        constraint: fk.name,
        cardinality: isUnique(snapshot, fk.table, fk.columns) ? 'one-to-one' : 'many-to-one',
        origin,
        target: fk.refTable,
        pairs: zip(fk.columns, fk.refColumns),
        toOne: true,
      });
    }
    if (fk.refTable === origin) {
      const oneToOne = isUnique(snapshot, fk.table, fk.columns);
      found.push({
        constraint: fk.name,
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        origin,
        target: fk.table,
        pairs: zip(fk.refColumns, fk.columns),
        toOne: oneToOne,
      });
    }
  };
  snapshot.foreignKeys.forEach(add);
  return found;
}

function describe(relationship: Relationship) {
  const list = (side: 0 | 1) => relationship.pairs.map((pair) => pair[side]).join(', ');
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.origin} with ${relationship.target}`,
    relationship: `${relationship.constraint} using ${relationship.origin}(${list(0)}) and ${relationship.target}(${list(1)})`,
  };
}

function matchesHint(relationship: Relationship, hint: string): boolean {
  if (relationship.constraint === hint) return true;
  const originColumns = relationship.pairs.map((pair) => pair[0]);
  const targetColumns = relationship.pairs.map((pair) => pair[1]);
  // A column hint names the foreign key column: on the origin for many-to-one, on the target for
  // one-to-many. For a self-reference both would match; the origin's column (the parent) wins below.
  const fkSide = relationship.cardinality === 'one-to-many' ? targetColumns : originColumns;
  return fkSide.length === 1 && fkSide[0] === hint;
}

/**
 * The relationship `origin` → `name` in a select: `name` is a relation (optionally with a hint naming
 * the constraint or foreign key column) or a foreign key column of `origin` itself.
 */
export function findRelationship(
  snapshot: SchemaSnapshot,
  origin: string,
  name: string,
  hint: string | undefined,
): Relationship {
  // A function `name(origin) returns setof target` defines the relationship itself and wins over
  // foreign keys (PostgREST's computed relationships).
  const computed = snapshot.computedRelationships.find(
    (candidate) => candidate.function === name && candidate.origin === origin,
  );
  if (computed && hint === undefined) {
    return {
      constraint: computed.function,
      cardinality: computed.toOne ? 'many-to-one' : 'one-to-many',
      origin,
      target: computed.target,
      pairs: [],
      toOne: computed.toOne,
      computed: { schema: snapshot.schema, function: computed.function },
    };
  }
  const all = relationshipsFrom(snapshot, origin);
  let candidates = all.filter((relationship) => relationship.target === name);
  if (candidates.length === 0 && !snapshot.relations.has(name)) {
    // `author_id(*)` or `comments_author_id_fkey(*)`: embed through the named column or constraint.
    candidates = all.filter(
      (relationship) =>
        relationship.toOne &&
        relationship.cardinality !== 'one-to-many' &&
        (relationship.constraint === name ||
          (relationship.pairs.length === 1 && relationship.pairs[0]?.[0] === name)),
    );
  }
  if (hint !== undefined) {
    // As in PostgREST, a self-reference stays ambiguous under a column hint: both directions use
    // the column. Its documented way out is a computed relationship (a function, see above).
    candidates = candidates.filter((relationship) => matchesHint(relationship, hint));
  }
  if (candidates.length === 1 && candidates[0]) return candidates[0];
  if (candidates.length === 0) throw noRelationship(snapshot.schema, origin, name, hint);
  throw ambiguous(origin, name, candidates);
}

function noRelationship(schema: string, origin: string, name: string, hint?: string): ServiceError {
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${origin}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${name}'${
      hint === undefined ? '' : ` using the hint '${hint}'`
    } in the schema '${schema}', but no matches were found.`,
  );
}

function ambiguous(origin: string, name: string, candidates: Relationship[]): ServiceError {
  const options = candidates.map((rel) => `'${rel.target}!${rel.constraint}'`).join(', ');
  return new ServiceError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${name}'`,
    {
      hint: `Try changing '${name}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
      // PostgREST sends the candidates as a JSON array in `details`.
      extra: { details: candidates.map(describe) },
    },
  );
}
