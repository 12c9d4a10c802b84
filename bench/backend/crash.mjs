// Crash harness: the local backend as its own process on a persistent data directory (fsync on),
// concurrent writers (REST inserts, storage uploads, users made through the admin API and public
// sign-ups through /auth/v1/signup), killed mid-write and restarted; after each restart every
// acknowledged write is checked (each public sign-up signs in with its password), every object row
// must download whole, and the start-up sweep must leave no orphan file. The rounds themselves are
// tests/backend/helpers/crash/rounds.ts, which the crash test (crash-rounds.test.ts) runs too.
// Bounded: a fixed number of rounds, each a few seconds; loopback only.
//
//   node bench/backend/crash.mjs               # 10 rounds
//   node bench/backend/crash.mjs --rounds 3 --signal SIGTERM
import { parseArgs } from 'node:util';
import { runCrashRounds } from '../../tests/backend/helpers/crash/rounds.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    signal: { type: 'string', default: 'SIGKILL' },
    writers: { type: 'string', default: '6' },
  },
});
const rounds = Math.min(50, Number(args.rounds));
console.log(`Crash harness: ${rounds} rounds, ${args.writers} writers, ${args.signal} mid-write\n`);

const results = await runCrashRounds({
  signals: Array.from({ length: rounds }, () => args.signal),
  writers: Number(args.writers),
  eachKindBeforeSignal: 0,
  minRoundMs: 2000,
  jitterMs: 3000,
  onRound(result) {
    const { comments, uploads, users, signUps } = result.acknowledged;
    console.log(
      `  round ${result.round}: acknowledged so far ${comments} comments, ${uploads} uploads, ` +
        `${users} admin-made users, ${signUps} public sign-ups (${result.signedIn} of this round's ` +
        `signed in after the restart); lost ${result.lost.length}; objects ${result.objects}, ` +
        `without bytes ${result.missingBytes}; committed but answered with an error ` +
        `${result.answeredWithError}; swept ${result.swept}, orphans after sweep ${result.orphans}; ` +
        `restart ${Math.round(result.restartMs)} ms`,
    );
    for (const what of result.lost.slice(0, 5)) console.log(`    LOST ${what}`);
  },
});

const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
const restarts = results.map((result) => result.restartMs).sort((a, b) => a - b);
const last = results.at(-1)?.acknowledged;
console.log(
  `\n${results.length} rounds: acknowledged writes lost ${sum((r) => r.lost.length)}, ` +
    `objects without bytes ${sum((r) => r.missingBytes)}, files swept ${sum((r) => r.swept)}, ` +
    `orphans after the sweep ${sum((r) => r.orphans)}, committed but answered with an error ` +
    `${sum((r) => r.answeredWithError)}, public sign-ups ${last?.signUps ?? 0} (signed in after a ` +
    `restart ${sum((r) => r.signedIn)}), restart median ` +
    `${Math.round(restarts[Math.floor(restarts.length / 2)] ?? 0)} ms`,
);
console.log(`first refusal per kind, last round: ${JSON.stringify(results.at(-1)?.firstRefusals)}`);
process.exitCode =
  sum((r) => r.lost.length) + sum((r) => r.missingBytes) + sum((r) => r.orphans) > 0 ? 1 : 0;
