// Embedding as PostgREST resolves it: many-to-many through a junction, hints by constraint and
// column, self-references, views beside their tables, to-many spreads, computed relationships and
// computed fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestServer, type Client, type RestServer } from './server.ts';

const EMBEDDING_SQL = `
create table public.shop_products (id int primary key, name text not null);
create table public.shop_categories (id int primary key, label text not null);
create table public.shop_product_categories (
  product_id int references public.shop_products (id),
  category_id int references public.shop_categories (id),
  primary key (product_id, category_id)
);
create table public.club_users (id int primary key, name text not null);
create table public.club_best_friends (
  id int primary key,
  first_user int not null references public.club_users (id),
  second_user int not null references public.club_users (id)
);
create table public.club_collections (
  id int primary key,
  title text not null,
  parent_id int references public.club_collections (id)
);
create table public.club_notes (
  id int primary key,
  user_id int not null references public.club_users (id),
  body text not null
);
-- A view over club_users takes part in club_notes' foreign key: embeds by constraint or column must
-- still find the table only. The second view has a column named like the relation it embeds.
create view public.club_user_names as select id, name from public.club_users;
create view public.club_note_cards as
  select n.id, n.user_id, n.body, u.name as club_users
  from public.club_notes n join public.club_users u on u.id = n.user_id;
-- A table with no relationships at all, named one letter off a table that has some.
create table public.club_userz (id int primary key);
create function public.club_owner(public.club_notes) returns public.club_users
  language sql stable as $$ select * from public.club_users where id = $1.user_id $$;
create function public.club_shout(public.club_notes) returns text
  language sql immutable as $$ select upper($1.body) || '!' $$;

grant select on public.shop_products, public.shop_categories, public.shop_product_categories,
  public.club_users, public.club_best_friends, public.club_collections, public.club_notes,
  public.club_user_names, public.club_note_cards, public.club_userz to anon;

insert into public.shop_products values (1, 'Pen'), (2, 'Ink'), (3, 'Desk');
insert into public.shop_categories values (1, 'Writing'), (2, 'Office'), (3, 'Empty');
insert into public.shop_product_categories values (1, 1), (1, 2), (2, 1), (3, 2);
insert into public.club_users values (1, 'Ann'), (2, 'Bob'), (3, 'Cyd');
insert into public.club_best_friends values (1, 1, 2), (2, 3, 1);
insert into public.club_collections values (1, 'Root', null), (2, 'Poems', 1), (3, 'Essays', 1);
insert into public.club_notes values (1, 1, 'hello'), (2, 1, 'again'), (3, 2, 'bye');
`;

describe('embedding related rows through supabase-js', () => {
  let server: RestServer;
  let sb: Client;

  beforeAll(async () => {
    server = await startRestServer();
    await server.db.exec(EMBEDDING_SQL);
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('embeds many-to-many through the join table, in both directions', async () => {
    const { data, error } = await sb
      .from('shop_products')
      .select('name, shop_categories(label)')
      .order('id')
      .order('id', { referencedTable: 'shop_categories' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Pen', shop_categories: [{ label: 'Writing' }, { label: 'Office' }] },
      { name: 'Ink', shop_categories: [{ label: 'Writing' }] },
      { name: 'Desk', shop_categories: [{ label: 'Office' }] },
    ]);
    const back = await sb
      .from('shop_categories')
      .select('label, shop_products!shop_product_categories(name)')
      .eq('id', 3);
    expect(back.data).toEqual([{ label: 'Empty', shop_products: [] }]);
    const inner = await sb
      .from('shop_categories')
      .select('label, shop_products!inner(name)')
      .eq('shop_products.name', 'Ink');
    expect(inner.data).toEqual([{ label: 'Writing', shop_products: [{ name: 'Ink' }] }]);
  });

  it('tells two foreign keys to one table apart by constraint name or column', async () => {
    const ambiguous = await sb.from('club_users').select('name, club_best_friends(id)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({
      code: 'PGRST201',
      message:
        "Could not embed because more than one relationship was found for 'club_users' and 'club_best_friends'",
      hint: "Try changing 'club_best_friends' to one of the following: 'club_best_friends!club_best_friends_first_user_fkey', 'club_best_friends!club_best_friends_second_user_fkey'. Find the desired relationship in the 'details' key.",
    });
    const byConstraint = await sb
      .from('club_users')
      .select('name, first_friend:club_best_friends_first_user_fkey(id)')
      .order('id');
    expect(byConstraint.error).toBeNull();
    expect(byConstraint.data).toEqual([
      { name: 'Ann', first_friend: [{ id: 1 }] },
      { name: 'Bob', first_friend: [] },
      { name: 'Cyd', first_friend: [{ id: 2 }] },
    ]);
    const byColumn = await sb
      .from('club_best_friends')
      .select('id, second:club_users!second_user(name)')
      .order('id');
    expect(byColumn.data).toEqual([
      { id: 1, second: { name: 'Bob' } },
      { id: 2, second: { name: 'Ann' } },
    ]);
  });

  it("hints at the relation meant when none is found (PGRST200), in PostgREST's words", async () => {
    const typo = await sb.from('club_users').select('name, club_note(body)');
    expect(typo.status).toBe(400);
    expect(typo.error).toEqual({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'club_users' and 'club_note' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'club_users' and 'club_note' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'club_notes' instead of 'club_note'.",
    });
    // An origin without relationships: the hint names the closest relation that has some instead.
    const lone = await sb.from('club_userz').select('id, club_notes(body)');
    expect(lone.error?.hint).toBe("Perhaps you meant 'club_users' instead of 'club_userz'.");
    // The right name with a hint that matches nothing: the name itself is never suggested, the
    // closest other relation is (here the view over club_users), and nothing close means no hint.
    const wrongHint = await sb.from('club_notes').select('id, club_users!nothing_like_it(name)');
    expect(wrongHint.error?.hint).toBe(
      "Perhaps you meant 'club_user_names' instead of 'club_users'.",
    );
    const far = await sb.from('club_notes').select('id, shop_products(name)');
    expect(far.error).toMatchObject({ code: 'PGRST200', hint: null });
  });

  it('embeds a self-reference: the table name gives children, the column the parent', async () => {
    const { data, error } = await sb
      .from('club_collections')
      .select('title, parent:parent_id(title), children:club_collections(title)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Root', parent: null, children: [{ title: 'Poems' }, { title: 'Essays' }] },
      { title: 'Poems', parent: { title: 'Root' }, children: [] },
      { title: 'Essays', parent: { title: 'Root' }, children: [] },
    ]);
    const hinted = await sb
      .from('club_collections')
      .select('title, club_collections!parent_id(title)')
      .eq('id', 1);
    expect(hinted.data).toEqual([
      { title: 'Root', club_collections: [{ title: 'Poems' }, { title: 'Essays' }] },
    ]);
  });

  it('embeds by column or constraint name beside views of the same tables', async () => {
    const byColumn = await sb.from('club_notes').select('body, user_id(name)').eq('id', 3);
    expect(byColumn.error).toBeNull();
    expect(byColumn.data).toEqual([{ body: 'bye', user_id: { name: 'Bob' } }]);
    const byConstraint = await sb
      .from('club_notes')
      .select('body, author:club_notes_user_id_fkey(name)')
      .eq('id', 1);
    expect(byConstraint.data).toEqual([{ body: 'hello', author: { name: 'Ann' } }]);
    // A column named like the relation: the embed wins, in the select and in an is.null filter.
    const card = await sb
      .from('club_note_cards')
      .select('id, club_users(id)')
      .not('club_users', 'is', null)
      .eq('id', 3);
    expect(card.error).toBeNull();
    expect(card.data).toEqual([{ id: 3, club_users: { id: 2 } }]);
  });

  it('spreads a to-many relationship into arrays of values (PostgREST 13)', async () => {
    const { data, error } = await sb
      .from('club_users')
      .select('name, ...club_notes(note_bodies:body, id)')
      .order('id')
      .order('id', { referencedTable: 'club_notes' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ann', note_bodies: ['hello', 'again'], id: [1, 2] },
      { name: 'Bob', note_bodies: ['bye'], id: [3] },
      { name: 'Cyd', note_bodies: [], id: [] },
    ]);
  });

  it('embeds a function returning one row of a table as a to-one relationship', async () => {
    const { data, error } = await sb
      .from('club_notes')
      .select('body, club_owner(name)')
      .order('id')
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { body: 'hello', club_owner: { name: 'Ann' } },
      { body: 'again', club_owner: { name: 'Ann' } },
    ]);
  });

  it('selects and filters a computed field like a column, never as part of *', async () => {
    const { data, error } = await sb
      .from('club_notes')
      .select('id, club_shout')
      .eq('club_shout', 'BYE!');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3, club_shout: 'BYE!' }]);
    const star = await sb.from('club_notes').select('*').eq('id', 1);
    expect(star.data).toEqual([{ id: 1, user_id: 1, body: 'hello' }]);
    const ordered = await sb.from('club_notes').select('club_shout').order('club_shout');
    expect(ordered.data).toEqual([
      { club_shout: 'AGAIN!' },
      { club_shout: 'BYE!' },
      { club_shout: 'HELLO!' },
    ]);
  });
});
