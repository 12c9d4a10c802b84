// Role checks from the access token, before and after (migration 20261127150000): the demo moderator
// at aal2 reads, through REST with their own token, (1) the report queue with each reported comment
// embedded and (2) a thread of comments that includes hidden ones. "Before" are the staff read
// policies as they were (public.is_moderator(): the caller's profile looked up), "after" are the
// policies that read `user_role` from the token (private.token_is_moderator()). One server; the
// policies are swapped between blocks and the blocks alternate, so load from other processes falls
// on both alike. Prints median and p95 per variant and request.
//
//   npx node bench/backend/token-roles.mjs [--rounds 8] [--block 50] [--rows 2000]
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { TOTP } from 'otpauth';
import { startBenchBackend } from '../lib/backend.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    block: { type: 'string', default: '50' },
    rows: { type: 'string', default: '2000' },
  },
});
const rounds = Number(args.rounds);
const block = Number(args.block);
const rows = Number(args.rows);

const moderator = {
  email: 'moderator@example.com',
  password: 'polyglot-demo-2026',
  factorId: '5eedfac0-0000-4000-8000-000000000003',
  secret: 'POLYGLOTPRESSMODERATORDEMO234567',
};

const policies = (check) => `
  drop policy "moderators can read every profile" on public.profiles;
  create policy "moderators can read every profile" on public.profiles for select to authenticated
    using ((select ${check}));
  drop policy "moderators can read every comment" on public.comments;
  create policy "moderators can read every comment" on public.comments for select to authenticated
    using ((select ${check}));
  drop policy "moderators can read every report" on public.comment_reports;
  create policy "moderators can read every report" on public.comment_reports for select to authenticated
    using ((select ${check}));
`;
const variants = {
  'before (profiles)': policies('public.is_moderator()'),
  'after (token)': policies('private.token_is_moderator()'),
};

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const { server } = await startBenchBackend();
try {
  // Comments on one article by the demo members, every fifth hidden, each reported once by the other.
  await server.db.exec(`
    set session_replication_role = replica;
    insert into public.comments (article_key, author_id, body, language, status, created_at)
    select 'bench.roles',
      case when n % 2 = 0 then '5eed0000-0000-4000-8000-000000000001'::uuid
        else '5eed0000-0000-4000-8000-000000000002'::uuid end,
      'Bench comment ' || n, 'en', case when n % 5 = 0 then 'hidden' else 'visible' end,
      now() - make_interval(secs => ${rows} - n)
    from generate_series(1, ${rows}) as n;
    insert into public.comment_reports (comment_id, reporter_id, reason, created_at)
    select c.id,
      case when c.author_id = '5eed0000-0000-4000-8000-000000000001'::uuid
        then '5eed0000-0000-4000-8000-000000000002'::uuid
        else '5eed0000-0000-4000-8000-000000000001'::uuid end,
      'spam', c.created_at
    from public.comments as c where c.article_key = 'bench.roles';
    set session_replication_role = origin;
    analyze public.comments; analyze public.comment_reports;
  `);

  const client = createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signIn = await client.auth.signInWithPassword(moderator);
  if (signIn.error) throw signIn.error;
  const code = new TOTP({ secret: moderator.secret }).generate();
  const mfa = await client.auth.mfa.challengeAndVerify({ factorId: moderator.factorId, code });
  if (mfa.error) throw mfa.error;
  const token = (await client.auth.getSession()).data.session.access_token;
  const headers = { apikey: server.keys.anonKey, Authorization: `Bearer ${token}` };

  const requests = {
    'report queue, 100 with comment': `/rest/v1/comment_reports?select=id,reason,created_at,comment:comments(id,body,status,author_id)&status=eq.open&order=created_at.asc&limit=100`,
    [`thread, ${rows} comments`]: `/rest/v1/comments?select=id,body,status,created_at&article_key=eq.bench.roles&order=created_at.asc`,
  };
  const times = {};
  const counts = {};
  for (let round = 0; round < rounds; round++) {
    for (const [variant, sql] of Object.entries(variants)) {
      await server.db.exec(sql);
      for (const [name, path] of Object.entries(requests)) {
        const key = `${name} | ${variant}`;
        times[key] ??= [];
        for (let i = 0; i < block + 3; i++) {
          const began = performance.now();
          const response = await fetch(server.url + path, { headers });
          const body = await response.json();
          const took = performance.now() - began;
          if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
          counts[key] = body.length;
          if (i >= 3) times[key].push(took); // the first three after a swap warm the plan cache
        }
      }
    }
  }
  // The same two SELECTs inside the database (db.asRole with the token's claims: the RLS transaction
  // PostgREST would run, without HTTP and JSON), where the policy's share of the time is larger.
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const statements = {
    'report queue, 100 with comment': `select r.id, r.reason, c.body from public.comment_reports as r
      left join public.comments as c on c.id = r.comment_id
      where r.status = 'open' order by r.created_at limit 100`,
    [`thread, ${rows} comments`]: `select id, body, status, created_at from public.comments
      where article_key = 'bench.roles' order by created_at`,
  };
  for (let round = 0; round < rounds; round++) {
    for (const [variant, sql] of Object.entries(variants)) {
      await server.db.exec(sql);
      for (const [name, statement] of Object.entries(statements)) {
        const key = `${name} (in the database) | ${variant}`;
        times[key] ??= [];
        await server.db.asRole(claims, async (tx) => {
          for (let i = 0; i < block + 3; i++) {
            const began = performance.now();
            const result = await tx.query(statement);
            const took = performance.now() - began;
            counts[key] = result.rows.length;
            if (i >= 3) times[key].push(took);
          }
        });
      }
    }
  }

  console.log(
    `${rounds} rounds × ${block} requests per variant and request (N = ${rounds * block})`,
  );
  console.log('request | policies | rows | median ms | p95 ms');
  for (const [key, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    const [name, variant] = key.split(' | ');
    console.log(
      `${name} | ${variant} | ${counts[key]} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 95).toFixed(2)}`,
    );
  }
} finally {
  await server.stop();
}
