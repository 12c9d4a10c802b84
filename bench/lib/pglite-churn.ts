// One process that opens and closes databases again and again, as the backend tests do: each
// `openDatabase` copies the template data directory and starts PGlite in its own worker thread, runs a
// query, and closes it (the worker ends). `--overlap 2` keeps two open at once, as a test file with a
// second database does. Used by bench/start-crash.mjs, which runs it under the Node options it
// compares and counts how often the process dies.
//
//   node bench/lib/pglite-churn.ts --template <pgdata dir> [--cycles 20] [--overlap 2]
import { parseArgs } from 'node:util';
import { openDatabase } from '../../local-supabase/db/database.ts';

const { values: args } = parseArgs({
  options: {
    template: { type: 'string' },
    cycles: { type: 'string', default: '20' },
    overlap: { type: 'string', default: '2' },
  },
});
const template = args.template;
if (!template) throw new Error('--template <pgdata dir> is required');
const cycles = Math.min(200, Number(args.cycles));
const overlap = Math.max(1, Math.min(4, Number(args.overlap)));

for (let cycle = 1; cycle <= cycles; cycle += overlap) {
  await Promise.all(
    Array.from({ length: Math.min(overlap, cycles - cycle + 1) }, async () => {
      const db = await openDatabase({ loadTemplateDir: template });
      try {
        await db.query('select count(*) from auth.users');
      } finally {
        await db.close();
      }
    }),
  );
  console.log(`opened and closed ${Math.min(cycle + overlap - 1, cycles)} of ${cycles}`);
}
