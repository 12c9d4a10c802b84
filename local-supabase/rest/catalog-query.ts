// One catalog query for PostgREST's schema cache: relations with their columns and keys, foreign keys,
// the view columns that pass a base table's column through unchanged, functions and type names.
// It returns one JSON text, so no int8 or BigInt crosses the worker boundary.
export const CATALOG_QUERY = `
with
  exposed as (select n.oid, n.nspname from pg_namespace n where n.nspname = any($1::text[])),
  rels as (
    select c.oid, n.nspname as schema, c.relname as name, c.relkind::text as kind
    from pg_class c join exposed n on n.oid = c.relnamespace
    where c.relkind in ('r', 'v', 'm', 'f', 'p')
  )
select json_build_object(
  'relations', (
    select coalesce(json_agg(json_build_object(
      'schema', r.schema, 'name', r.name, 'kind', r.kind,
      'columns', (
        select coalesce(json_agg(json_build_object(
          'name', a.attname,
          'type', format_type(a.atttypid, a.atttypmod),
          'udt', coalesce(bt.typname, t.typname),
          'isArray', t.typcategory = 'A',
          'notNull', a.attnotnull,
          'hasDefault', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '',
          'generated', a.attgenerated <> '' or a.attidentity = 'a',
          -- The default as SQL (an identity column's is its sequence), for \`Prefer: missing=default\`.
          'defaultSql', case
            when a.attidentity <> '' then format(
              'nextval(%L::regclass)',
              pg_get_serial_sequence(format('%I.%I', r.schema, r.name), a.attname)
            )
            when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid)
          end
        ) order by a.attnum), '[]'::json)
        from pg_attribute a
        join pg_type t on t.oid = a.atttypid
        left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
      ),
      'keys', (
        select coalesce(json_agg(json_build_object(
          'primary', k.contype = 'p',
          'columns', (
            select json_agg(a.attname order by u.i)
            from unnest(k.conkey) with ordinality as u(attnum, i)
            join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum
          )
        )), '[]'::json)
        from pg_constraint k where k.conrelid = r.oid and k.contype in ('p', 'u')
      )
    )), '[]'::json) from rels r
  ),
  'foreignKeys', (
    select coalesce(json_agg(json_build_object(
      'name', k.conname,
      'schema', r.schema, 'table', r.name,
      'refSchema', rn.nspname, 'refTable', rc.relname,
      'columns', (
        select json_agg(a.attname order by u.i)
        from unnest(k.conkey) with ordinality as u(attnum, i)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum
      ),
      'refColumns', (
        select json_agg(a.attname order by u.i)
        from unnest(k.confkey) with ordinality as u(attnum, i)
        join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum
      )
    ) order by r.name, k.conname), '[]'::json)
    from pg_constraint k
    join rels r on r.oid = k.conrelid
    join pg_class rc on rc.oid = k.confrelid
    join pg_namespace rn on rn.oid = rc.relnamespace
    where k.contype = 'f'
  ),
  'viewColumns', (
    select coalesce(json_agg(json_build_object(
      'view', u.view_name, 'schema', u.table_schema, 'table', u.table_name, 'column', u.column_name
    )), '[]'::json)
    from information_schema.view_column_usage u
    where u.view_schema = any($1::text[])
      and exists (
        select 1 from information_schema.columns c
        where c.table_schema = u.view_schema and c.table_name = u.view_name
          and c.column_name = u.column_name
      )
  ),
  'routines', (
    select coalesce(json_agg(json_build_object(
      'schema', n.nspname, 'name', p.proname,
      'volatility', p.provolatile::text,
      'description', obj_description(p.oid, 'pg_proc'),
      'setof', p.proretset,
      'returnType', format_type(p.prorettype, null),
      'returnTypeKind', t.typtype::text,
      'returnUdt', t.typname,
      'returnIsArray', t.typcategory = 'A',
      'returnRelation', (
        select json_build_object('schema', rn.nspname, 'name', rc.relname)
        from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
        where rc.oid = t.typrelid and rc.relkind in ('r', 'v', 'm', 'f', 'p')
      ),
      'returnColumns', (
        select json_agg(json_build_object(
          'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
          'udt', at.typname, 'isArray', at.typcategory = 'A'
        ) order by a.attnum)
        from pg_attribute a join pg_type at on at.oid = a.atttypid
        where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
      ),
      'argNames', to_json(p.proargnames),
      'argModes', to_json(p.proargmodes::text[]),
      'argTypes', (
        select json_agg(json_build_object(
          'type', format_type(x.oid, null), 'udt', xt.typname, 'isArray', xt.typcategory = 'A'
        ) order by x.i)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as x(oid, i)
        join pg_type xt on xt.oid = x.oid
      ),
      'argRelation', (
        select json_build_object('schema', an.nspname, 'name', ac.relname)
        from pg_type at
        join pg_class ac on ac.oid = at.typrelid and ac.relkind in ('r', 'v', 'm', 'f', 'p')
        join pg_namespace an on an.oid = ac.relnamespace
        where p.pronargs = 1 and at.oid = p.proargtypes[0]
      ),
      'rows', p.prorows,
      'defaults', p.pronargdefaults,
      'inputCount', p.pronargs
    ) order by p.oid), '[]'::json)
    from pg_proc p
    join exposed n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
    where p.prokind = 'f' and t.typname not in ('trigger', 'event_trigger')
  ),
  'types', (
    select coalesce(json_agg(distinct t.typname), '[]'::json)
    from pg_type t
    where t.typnamespace in ('pg_catalog'::regnamespace, 'public'::regnamespace)
      and t.typtype in ('b', 'd', 'e', 'r', 'm') and t.typisdefined
  )
)::text as catalog`;
