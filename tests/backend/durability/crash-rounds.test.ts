// Nothing acknowledged is lost when the server is killed: the backend runs as its own process on a
// persistent data directory (fsync on), four clients write to it at once (REST inserts, uploads, users
// made by the admin API, public sign-ups), and it is killed with SIGKILL in the middle of their
// writes, three times, then stopped with SIGTERM. After each restart every acknowledged write is
// there, every stored object has its bytes, and the start-up sweep leaves no file without a row.
import { describe, expect, it } from 'vitest';
import { runCrashRounds, type RoundResult } from '../helpers/crash/rounds.ts';
import { getTemplateDir } from '../helpers/template.ts';

describe('killing the server in the middle of acknowledged writes', () => {
  let rounds: RoundResult[] = [];

  it('keeps every acknowledged write and leaves no orphan file, after each of three SIGKILLs and a SIGTERM', async () => {
    rounds = await runCrashRounds({
      signals: ['SIGKILL', 'SIGKILL', 'SIGKILL', 'SIGTERM'],
      writers: 4,
      // Two of each kind of write acknowledged before the signal, which then lands while the
      // writers' next ones are in flight.
      eachKindBeforeSignal: 2,
      minRoundMs: 0,
      jitterMs: 300,
      templateDir: await getTemplateDir(),
    });
    expect(rounds.map((round) => round.signal)).toEqual([
      'SIGKILL',
      'SIGKILL',
      'SIGKILL',
      'SIGTERM',
    ]);
    for (const round of rounds) {
      expect(round.lost).toEqual([]);
      for (const count of Object.values(round.acknowledgedThisRound)) {
        expect(count, JSON.stringify(round.firstRefusals)).toBeGreaterThanOrEqual(2);
      }
      expect(round.missingBytes).toBe(0);
      expect(round.orphans).toBe(0);
    }
    const last = rounds.at(-1)?.acknowledged;
    expect(last?.comments).toBeGreaterThan(0);
    expect(last?.uploads).toBeGreaterThan(0);
    expect(last?.users).toBeGreaterThan(0);
    expect(last?.signUps).toBeGreaterThan(0);
    // Each round's public sign-ups signed in with their passwords after the restart.
    expect(rounds.reduce((sum, round) => sum + round.signedIn, 0)).toBe(last?.signUps);
  }, 600_000);

  it('answers nothing that committed with an error when stopped with SIGTERM', () => {
    const graceful = rounds.find((round) => round.signal === 'SIGTERM');
    expect(graceful).toBeDefined();
    expect(graceful?.answeredWithError).toBe(0);
  });
});
