// Finds the foreign key an embed follows (`author:profiles!author_id(...)`), with PostgREST's
// errors when there is none (PGRST200) or more than one (PGRST201).
import { ServiceError } from '../http/errors.ts';
import { restError } from './errors.ts';
import type { ForeignKey, SchemaSnapshot } from './snapshot.ts';
import { fuzzyMatch, PARAMS_SCORE } from './suggest.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** A many-to-many relationship goes through a join table holding a foreign key to each side. */
export interface Junction {
  table: string;
  /** [origin column, junction column] and [junction column, target column]. */
  originPairs: [string, string][];
  targetPairs: [string, string][];
  constraints: [string, string];
}

export interface Relationship {
  constraint: string;
  cardinality: Cardinality;
  /** The embedding relation and the embedded one. */
  origin: string;
  target: string;
  /** Column pairs joining them: [origin column, target column] (empty through a junction). */
  pairs: [string, string][];
  toOne: boolean;
  junction?: Junction;
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

/**
 * Many-to-many relationships from `origin`: a table with a foreign key to `origin` and another to
 * the target, both made of primary key columns (PostgREST's junction rule).
 */
function junctionsFrom(snapshot: SchemaSnapshot, origin: string): Relationship[] {
  const found: Relationship[] = [];
  for (const toOrigin of snapshot.foreignKeys) {
    if (toOrigin.refTable !== origin) continue;
    const junction = snapshot.relations.get(toOrigin.table);
    if (!junction || junction.kind !== 'table') continue;
    const key = junction.primaryKey;
    if (!toOrigin.columns.every((column) => key.includes(column))) continue;
    for (const toTarget of snapshot.foreignKeys) {
      if (toTarget.table !== toOrigin.table || toTarget.name === toOrigin.name) continue;
      if (!toTarget.columns.every((column) => key.includes(column))) continue;
      found.push({
        constraint: toTarget.name,
        cardinality: 'many-to-many',
        origin,
        target: toTarget.refTable,
        pairs: [],
        toOne: false,
        junction: {
          table: junction.name,
          originPairs: zip(toOrigin.refColumns, toOrigin.columns),
          targetPairs: zip(toTarget.columns, toTarget.refColumns),
          constraints: [toOrigin.name, toTarget.name],
        },
      });
    }
  }
  return found;
}

/** Every relationship from `origin`: both directions of each foreign key touching it, and junctions. */
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
  found.push(...junctionsFrom(snapshot, origin));
  return found;
}

function describe(relationship: Relationship) {
  const junction = relationship.junction;
  if (junction) {
    const list = (pairs: [string, string][], side: 0 | 1) =>
      pairs.map((pair) => pair[side]).join(', ');
    return {
      cardinality: relationship.cardinality,
      embedding: `${relationship.origin} with ${relationship.target}`,
      relationship: `${junction.table} using ${junction.constraints[0]}(${list(junction.originPairs, 1)}) and ${junction.constraints[1]}(${list(junction.targetPairs, 0)})`,
    };
  }
  const list = (side: 0 | 1) => relationship.pairs.map((pair) => pair[side]).join(', ');
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.origin} with ${relationship.target}`,
    relationship: `${relationship.constraint} using ${relationship.origin}(${list(0)}) and ${relationship.target}(${list(1)})`,
  };
}

/** `[(origin column, target column)]` of a single-column foreign key, else undefined. */
function singlePair(relationship: Relationship): [string, string] | undefined {
  return relationship.junction || relationship.pairs.length !== 1
    ? undefined
    : relationship.pairs[0];
}

const matchesConstraint = (r: Relationship, name: string) => !r.junction && r.constraint === name;
const matchesOriginColumn = (r: Relationship, name: string) => singlePair(r)?.[0] === name;
const matchesTargetColumn = (r: Relationship, name: string) => singlePair(r)?.[1] === name;

function isView(snapshot: SchemaSnapshot, name: string): boolean {
  return snapshot.relations.get(name)?.kind === 'view';
}

/**
 * PostgREST's findRel: which relationships `name` (with an optional `!hint`) selects from `origin`.
 * A self-reference is a special case: its table name is the children, its column the parent.
 */
function selects(
  snapshot: SchemaSnapshot,
  relationship: Relationship,
  name: string,
  hint: string | undefined,
): boolean {
  const r = relationship;
  const self = !r.junction && r.origin === r.target;
  if (self) {
    if (hint === undefined) {
      return (
        (r.target === name && r.cardinality === 'one-to-many') ||
        (matchesOriginColumn(r, name) && r.cardinality === 'many-to-one')
      );
    }
    return r.target === name && r.cardinality === 'one-to-many' && matchesTargetColumn(r, hint);
  }
  if (hint === undefined) {
    // A constraint or column named as the target never reaches a view: a view passing the foreign
    // key column through would otherwise make the table's embed ambiguous.
    const viaKey = matchesConstraint(r, name) || matchesOriginColumn(r, name);
    return r.target === name || (viaKey && !isView(snapshot, r.target));
  }
  return (
    r.target === name &&
    (matchesConstraint(r, hint) ||
      matchesOriginColumn(r, hint) ||
      matchesTargetColumn(r, hint) ||
      r.junction?.table === hint)
  );
}

/**
 * The relationship `origin` → `name` in a select: `name` is a relation (optionally with a hint naming
 * the constraint, a foreign key column or the junction table), a constraint or a foreign key column.
 */
export function findRelationship(
  snapshot: SchemaSnapshot,
  origin: string,
  name: string,
  hint: string | undefined,
): Relationship {
  // A function `name(origin) returns [setof] target` defines the relationship itself and wins over
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
  const candidates = relationshipsFrom(snapshot, origin).filter((relationship) =>
    selects(snapshot, relationship, name, hint),
  );
  if (candidates.length === 1 && candidates[0]) return candidates[0];
  if (candidates.length === 0) throw noRelationship(snapshot, origin, name, hint);
  throw ambiguous(origin, name, candidates);
}

/**
 * PostgREST's `noRelBetweenHint`: when `origin` has relationships, the closest other relation it
 * can embed ("Perhaps you meant 'rest_authors' instead of 'rest_author'."); when it has none, the
 * closest relation that has some, in place of `origin`. Fuzzy matching as its `Fuzzy.get`
 * (fuzzyset's minimum score, 0.33). PostgREST's set of origins also holds tables of other schemas
 * with a foreign key into this one; here only this schema's relations are known.
 */
function noRelationshipHint(snapshot: SchemaSnapshot, origin: string, name: string): string | null {
  const targetsOf = (relation: string) => [
    ...relationshipsFrom(snapshot, relation).map((relationship) => relationship.target),
    ...snapshot.computedRelationships
      .filter((computed) => computed.origin === relation)
      .map((computed) => computed.target),
  ];
  const targets = targetsOf(origin);
  if (targets.length > 0) {
    // A target named exactly (its relationship did not match the hint) is not suggested.
    const others = targets.filter((target) => target.toLowerCase() !== name.toLowerCase());
    const near = fuzzyMatch(name, others, PARAMS_SCORE);
    return near === undefined ? null : `Perhaps you meant '${near}' instead of '${name}'.`;
  }
  const origins = [...snapshot.relations.keys()].filter((relation) => targetsOf(relation).length);
  const near = fuzzyMatch(origin, origins, PARAMS_SCORE);
  return near === undefined ? null : `Perhaps you meant '${near}' instead of '${origin}'.`;
}

function noRelationship(
  snapshot: SchemaSnapshot,
  origin: string,
  name: string,
  hint?: string,
): ServiceError {
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${origin}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${name}'${
      hint === undefined ? '' : ` using the hint '${hint}'`
    } in the schema '${snapshot.schema}', but no matches were found.`,
    noRelationshipHint(snapshot, origin, name),
  );
}

function ambiguous(origin: string, name: string, candidates: Relationship[]): ServiceError {
  const options = candidates
    .map((rel) => `'${rel.target}!${rel.junction?.table ?? rel.constraint}'`)
    .join(', ');
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
