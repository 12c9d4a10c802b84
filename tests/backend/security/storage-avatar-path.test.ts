// Issue 8, finding 8: `avatar_path` names an object inside the member's own folder, written the one
// way Storage names it: no `..` or `.` segment, no empty segment, nothing Storage would refuse.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { actors, type SignedInActor } from '../rls/demo.ts';
import { demoUsers, present, signIn } from '../storage/support.ts';

const signedIn = actors.filter((actor): actor is SignedInActor => actor !== 'anon');

function badPaths(own: string, other: string): string[] {
  return [
    `${own}/../${other}/avatar.png`,
    `${own}/..`,
    `${own}/./avatar.png`,
    `${own}//avatar.png`,
    `${own}/`,
    `${own}/a/../../${other}/avatar.png`,
    `${own}/avatar.png/..`,
    `${own}/a\\..\\b.png`,
    `${own}/%2e%2e/${other}/avatar.png`.replaceAll('%2e', '.'),
    `${own}/avatar.png\n`,
    own,
    `${other}/avatar.png`,
  ];
}

describe('avatar paths', () => {
  let server: TestServer;
  const clients = new Map<SignedInActor, SupabaseClient>();

  beforeAll(async () => {
    server = await startTestServer();
    for (const actor of signedIn) clients.set(actor, await signIn(server, actor));
  });
  afterAll(async () => {
    await server.stop();
  });

  for (const actor of signedIn) {
    it(`refuses a path that leaves or bends ${actor}'s own folder`, async () => {
      const client = present(clients.get(actor));
      const own = demoUsers[actor].id;
      const other = actor === 'member' ? demoUsers.otherMember.id : demoUsers.member.id;
      for (const path of badPaths(own, other)) {
        const { error } = await client.from('profiles').update({ avatar_path: path }).eq('id', own);
        expect(error?.code, path).toBe('23514');
      }
    });

    it(`accepts ${actor}'s own normalised paths, nested ones too`, async () => {
      const client = present(clients.get(actor));
      const own = demoUsers[actor].id;
      for (const path of [`${own}/avatar.png`, `${own}/2026/avatar (1).webp`, null]) {
        const { data, error } = await client
          .from('profiles')
          .update({ avatar_path: path })
          .eq('id', own)
          .select('avatar_path');
        expect(error, String(path)).toBeNull();
        expect(data, String(path)).toEqual([{ avatar_path: path }]);
      }
    });
  }

  it("changes no one's avatar for an anonymous caller", async () => {
    const { data } = await server
      .client()
      .from('profiles')
      .update({ avatar_path: `${demoUsers.member.id}/avatar.png` })
      .eq('id', demoUsers.member.id)
      .select('id');
    expect(data ?? []).toEqual([]);
  });
});
