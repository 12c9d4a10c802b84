// Error texts in PostgREST's own words where they name something of the query: an embedded table's
// unknown column under PostgREST's alias for it (`messages_1.sum`, as postgrest-js's suite expects),
// and PGRST203's overloads in PostgREST's order (fewer parameters first, then by comment, then by
// parameter name and type).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestServer, type Client, type RestServer } from './server.ts';

const SQL = `
create table public.word_users (username text primary key);
create table public.word_messages (
  id int primary key,
  username text not null references public.word_users (username),
  body text
);
grant select on public.word_users, public.word_messages to anon;
-- Created text first: PostgREST still lists the integer one first.
create function public.word_twin(a text) returns int language sql as 'select 1';
create function public.word_twin(a int) returns text language sql as $$ select 'foo' $$;
create function public.word_twin() returns void language sql as '';
grant execute on function public.word_twin(text), public.word_twin(int), public.word_twin() to anon;
`;

describe("errors in PostgREST's words", () => {
  let server: RestServer;
  let sb: Client;

  beforeAll(async () => {
    server = await startRestServer();
    await server.db.exec(SQL);
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("names an embedded table's unknown column by PostgREST's alias for the table", async () => {
    const { error, status } = await sb
      .from('word_users')
      .select('username, word_messages(sum)')
      .limit(1)
      .single();
    expect(status).toBe(400);
    expect(error).toEqual({
      code: '42703',
      message: 'column word_messages_1.sum does not exist',
      details: null,
      hint: null,
    });
    const deeper = await sb
      .from('word_messages')
      .select('id, word_users(username, word_messages(nothing))');
    expect(deeper.error?.message).toBe('column word_messages_2.nothing does not exist');
    const root = await sb.from('word_users').select('nothing');
    expect(root.error?.message).toBe('column word_users.nothing does not exist');
  });

  it("lists PGRST203's candidates in PostgREST's order", async () => {
    for (const a of ['test', 1]) {
      const { error, status } = await sb.rpc('word_twin', { a });
      expect(status).toBe(300);
      expect(error).toEqual({
        code: 'PGRST203',
        message:
          'Could not choose the best candidate function between: public.word_twin(a => integer), public.word_twin(a => text)',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      });
    }
    // PostgREST compares the functions' comments first: one without a comment comes first.
    await server.db.exec(`comment on function public.word_twin(int) is 'the number'`);
    await expect
      .poll(async () => (await sb.rpc('word_twin', { a: 1 })).error?.message)
      .toBe(
        'Could not choose the best candidate function between: public.word_twin(a => text), public.word_twin(a => integer)',
      );
  });
});
