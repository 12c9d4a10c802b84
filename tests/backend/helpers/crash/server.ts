// The crash rounds' server (rounds.ts): the local backend as its own process on a persistent data
// directory (fsync on, as `npm start` runs it), with auth's request limits raised so that every public
// sign-up the writers send is checked, and confirmations off so that each acknowledged sign-up can be
// proven by signing in after the restart. Prints `READY <url>` once it listens; SIGTERM and SIGINT
// stop it gracefully, as the CLI does.
//
//   node tests/backend/helpers/crash/server.ts --data-dir <dir> [--template-dir <dir>]
import { parseArgs } from 'node:util';
import { start } from '../../../../local-supabase/server.ts';

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, 'template-dir': { type: 'string' } },
});
const plenty = 1_000_000;
const server = await start({
  dataDir: values['data-dir'] ?? null,
  port: 0,
  mailboxPort: 0,
  // A prepared (migrated, seeded) database copied in on the first start: a warm start, no initdb.
  ...(values['template-dir'] ? { templateDir: values['template-dir'] } : {}),
  settings: {
    auth: {
      rate_limit: {
        sign_in_sign_ups: plenty,
        token_refresh: plenty,
        token_verifications: plenty,
        email_sent: plenty,
      },
      email: { enable_confirmations: false },
    },
  },
});
console.log(`READY ${server.url}`);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void server.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
