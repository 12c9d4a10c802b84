// What the members' second-factor policies (migration 20261127160000) cost a write. Every comment,
// reaction and bookmark a member writes passes a restrictive policy that calls
// private.second_factor_done() once per statement: true at aal2, else a look-up of the caller's
// verified factors. Measured with the policies in place and dropped, in alternating blocks on one
// server (other processes' load falls on both alike):
//
// 1. In the database: each insert in a savepoint rolled back at once (no rate limit is used up, the
//    triggers run as for a real write), as the demo member (no factor: the look-up) and as the demo
//    moderator at aal2 (a factor, passed: the token decides).
// 2. Through REST: the demo member adds and removes a bookmark with their own token (bookmarks have
//    no rate limit), the round trip a reader's click costs.
//
//   npx node bench/backend/second-factor-writes.mjs [--rounds 8] [--block 50]
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { startBenchBackend } from '../lib/backend.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    block: { type: 'string', default: '50' },
  },
});
const rounds = Number(args.rounds);
const block = Number(args.block);
const WARM_UP = 3;

const member = { id: '5eed0000-0000-4000-8000-000000000001', email: 'member@example.com' };
const moderator = { id: '5eed0000-0000-4000-8000-000000000003', email: 'moderator@example.com' };

/** The restrictive write policies of migration 20261127160000, as it creates them. */
const policies = `
  create policy "members with a second factor comment after passing it"
    on public.comments as restrictive for insert to authenticated
    with check ((select private.second_factor_done()));
  create policy "members with a second factor react after passing it"
    on public.reactions as restrictive for insert to authenticated
    with check ((select private.second_factor_done()));
  create policy "members with a second factor use bookmarks after passing it"
    on public.bookmarks as restrictive for all to authenticated
    using ((select private.second_factor_done()))
    with check ((select private.second_factor_done()));
`;
const dropped = `
  drop policy "members with a second factor comment after passing it" on public.comments;
  drop policy "members with a second factor react after passing it" on public.reactions;
  drop policy "members with a second factor use bookmarks after passing it" on public.bookmarks;
`;
const variants = { 'with the policies': policies, 'without them': dropped };

const writes = {
  comment: `insert into public.comments (article_key, body, language) values ('bench.factor', 'A comment', 'en')`,
  reaction: `insert into public.reactions (article_key, kind) values ('bench.factor', 'like')`,
  bookmark: `insert into public.bookmarks (article_key) values ('bench.factor')`,
};

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function claimsOf(person, aal) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: person.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: person.email,
    aal,
    session_id: crypto.randomUUID(),
    iat: now,
    exp: now + 3600,
  };
}

const { server } = await startBenchBackend();
const times = {};
const record = (key, took) => (times[key] ??= []).push(took);
try {
  // The migration's policies are in place at start: the first "with" block needs no change.
  let current = 'with the policies';
  const use = async (variant) => {
    if (variant !== current) await server.db.exec(variants[variant]);
    current = variant;
  };

  const callers = {
    'member, no factor': claimsOf(member, 'aal1'),
    'moderator, aal2': claimsOf(moderator, 'aal2'),
  };
  for (let round = 0; round < rounds; round++) {
    for (const variant of Object.keys(variants)) {
      await use(variant);
      for (const [who, claims] of Object.entries(callers)) {
        await server.db.asRole(claims, async (tx) => {
          for (const [what, sql] of Object.entries(writes)) {
            for (let i = 0; i < block + WARM_UP; i++) {
              await tx.query('savepoint bench');
              const began = performance.now();
              await tx.query(sql);
              const took = performance.now() - began;
              await tx.query('rollback to savepoint bench');
              if (i >= WARM_UP)
                record(`${what} insert (in the database) | ${who} | ${variant}`, took);
            }
          }
        });
      }
    }
  }

  const client = createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword({
    email: member.email,
    password: 'polyglot-demo-2026',
  });
  if (signIn.error) throw signIn.error;
  const token = signIn.data.session.access_token;
  const headers = {
    apikey: server.keys.anonKey,
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    Prefer: 'return=minimal',
  };
  const bookmarks = `${server.url}/rest/v1/bookmarks`;
  for (let round = 0; round < rounds; round++) {
    for (const variant of Object.keys(variants)) {
      await use(variant);
      for (let i = 0; i < block + WARM_UP; i++) {
        const began = performance.now();
        const added = await fetch(bookmarks, {
          method: 'POST',
          headers,
          body: JSON.stringify({ article_key: 'bench.factor' }),
        });
        const addedAt = performance.now();
        const removed = await fetch(`${bookmarks}?article_key=eq.bench.factor`, {
          method: 'DELETE',
          headers,
        });
        const removedAt = performance.now();
        if (!added.ok || !removed.ok) {
          throw new Error(`REST ${added.status}/${removed.status}: ${await added.text()}`);
        }
        if (i < WARM_UP) continue;
        record(`bookmark added (REST) | member, no factor | ${variant}`, addedAt - began);
        record(`bookmark removed (REST) | member, no factor | ${variant}`, removedAt - addedAt);
      }
    }
  }
  await use('with the policies');

  console.log(`${rounds} rounds × ${block} writes per variant (N = ${rounds * block})`);
  console.log('write | who | policies | median ms | p95 ms');
  for (const [key, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    const [what, who, variant] = key.split(' | ');
    console.log(
      `${what} | ${who} | ${variant} | ${percentile(sorted, 50).toFixed(3)} | ${percentile(sorted, 95).toFixed(3)}`,
    );
  }
} finally {
  await server.stop();
}
