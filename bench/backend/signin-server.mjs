// A local backend in its own process for the sign-in benchmark, so that the benchmark's clients do
// not share the server's event loop. Prints `{url, anonKey}` as one JSON line once it listens and
// stops on SIGTERM. The first argument may name another checkout's server.ts (to measure a
// version before a change); the environment's SUPABASE_LOCAL_AUTH_HASH_* variables apply.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readEnvOverrides } from '../../local-supabase/config/config.ts';

const serverModule = process.argv[2]
  ? pathToFileURL(process.argv[2]).href
  : new URL('../../local-supabase/server.ts', import.meta.url).href;
const { start } = await import(serverModule);
const env = readEnvOverrides();
/** How many members the largest burst signs in (signin-load.mjs). */
const BURST_MEMBERS = 256;

// Every attempt is checked: the request limits are far above what the benchmark sends.
const unlimited = {
  sign_in_sign_ups: 1_000_000,
  token_refresh: 1_000_000,
  token_verifications: 1_000_000,
  anonymous_users: 1_000_000,
  email_sent: 1_000_000,
};
const server = await start({
  dataDir: null,
  port: 0,
  ...(env.passwordHashing ? { passwordHashing: env.passwordHashing } : {}),
  // Confirmations on, as the product runs; no pause between e-mails to one address, so repeated
  // sign-ups of one registered address are timed rather than refused.
  settings: {
    inbucket: { enabled: false },
    auth: {
      rate_limit: unlimited,
      email: { enable_confirmations: true, max_frequency: '0s' },
    },
  },
});
await server.db.query(
  `insert into public.comments (article_key, author_id, body, language)
   select 'bench.signin', p.id, 'Sign-in benchmark comment ' || g, 'en'
   from generate_series(1, 50) as g
   cross join lateral (select id from public.profiles order by id limit 1) as p`,
);
// Members for the bursts (burst-1@example.com …): each signs in once, with the demo password. Their
// rows copy the demo member's hash, so making them costs no bcrypt.
await server.db.query(
  `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
     raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
     confirmation_token, recovery_token, email_change_token_new, email_change)
   select m.instance_id, gen_random_uuid(), 'authenticated', 'authenticated',
     'burst-' || g || '@example.com', m.encrypted_password, now(),
     '{"provider": "email", "providers": ["email"]}', jsonb_build_object('display_name', 'Burst ' || g),
     now(), now(), '', '', '', ''
   from generate_series(1, ${BURST_MEMBERS}) as g
   cross join (select * from auth.users where email = 'member@example.com') as m`,
);
await server.db.query(
  `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
   select u.id::text, u.id,
     jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', now(), now()
   from auth.users as u where u.email like 'burst-%@example.com'`,
);
// How long the database's one queue (PGlite is one session) is held, and how many messages go to the
// PGlite worker: every task the queue runs (a transaction with its BEGIN and COMMIT, a statement
// outside one) is timed from its start to its end, summed; printed as `{heldMs, roundTrips}` every
// 250 ms. The Queue and Worker classes patched are the measured server's own.
const { Queue } = await import(new URL('./db/queue.ts', serverModule).href);
const run = Queue.prototype.run;
let heldMs = 0;
Queue.prototype.run = function (task) {
  return run.call(this, async () => {
    const began = performance.now();
    try {
      return await task();
    } finally {
      heldMs += performance.now() - began;
    }
  });
};
let roundTrips = 0;
const postMessage = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  // The password hashing threads get {op: 'hash' | 'verify'}; every other op is the database's.
  const op = message?.op;
  if (typeof op === 'string' && op !== 'hash' && op !== 'verify') roundTrips += 1;
  return postMessage.call(this, message, ...rest);
};
setInterval(() => process.stdout.write(`${JSON.stringify({ heldMs, roundTrips })}\n`), 250).unref();
process.stdout.write(`${JSON.stringify({ url: server.url, anonKey: server.keys.anonKey })}\n`);
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
