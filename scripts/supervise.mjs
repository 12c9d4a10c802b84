// Child supervision for `npm start` (scripts/start.mjs): every child runs in its own process group,
// so that stopping reaches its own children too (npx → astro); stopping is one operation however
// many signals ask for it; a child that is already gone is never an error; and nothing is started
// once stopping has begun. The backend gets one automatic restart (`superviseBackend`).
import { spawn } from 'node:child_process';

/** How long children get to stop (the backend drains requests for up to 10 s, then flushes). */
const STOP_GRACE_MS = 20_000;

/** Signals a child's whole process group; a group that no longer exists is not an error. */
function signalGroup(child, signal) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/** How a child ended, in words: "exited with 1", "was killed by SIGKILL". */
export function describeExit({ code, signal }) {
  return signal ? `was killed by ${signal}` : `exited with ${code}`;
}

export function createSupervisor() {
  /** @type {Set<{ child: import('node:child_process').ChildProcess, exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }> }>} */
  const running = new Set();
  /** @type {Promise<void> | undefined} */
  let stopped;

  /**
   * Starts a command with inherited output in its own process group. `exited` resolves with how it
   * ended; whatever it left in its group is killed then, so no grandchild keeps a port.
   */
  function run(command, args, env = {}) {
    if (stopped) return { exited: Promise.resolve({ code: null, signal: 'SIGTERM' }) };
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    const entry = {
      child,
      exited: new Promise((resolve) => {
        const done = (code, signal) => {
          running.delete(entry);
          signalGroup(child, 'SIGKILL');
          resolve({ code, signal });
        };
        child.once('exit', done);
        // Could not start at all (no such command): no 'exit' follows.
        child.once('error', () => {
          if (child.pid === undefined) done(127, null);
        });
      }),
    };
    running.add(entry);
    return entry;
  }

  /**
   * Stops every child: SIGTERM to each group, SIGKILL to what is left after the grace period. Asked
   * again while stopping (a second signal, the build ending because it was stopped), it waits for
   * the same stop: another SIGTERM would make the backend exit without flushing its database.
   */
  function stopAll() {
    if (stopped) return stopped;
    stopped = (async () => {
      for (const { child } of running) signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => {
        for (const { child } of running) signalGroup(child, 'SIGKILL');
      }, STOP_GRACE_MS);
      await Promise.all([...running].map(({ exited }) => exited));
      clearTimeout(timer);
    })();
    return stopped;
  }

  return { run, stopAll, isStopping: () => stopped !== undefined };
}

/**
 * Keeps the backend running: when it dies unexpectedly (killed by a signal, such as V8's fatal error
 * at start in bench/README.md, "Crash at start", or exited with an error after it had answered) it is
 * started once more, with one line saying so; a second death calls `giveUp`. A backend that exits
 * cleanly (0) was stopped on purpose by someone; one that exits with an error before it ever
 * answered could not start (a port taken, a bad setting: it said why), and starting it again would
 * not help. Both call `giveUp` too. Call `answered()` once its /health answered.
 *
 * @param {{ start: () => { exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }> }, isStopping: () => boolean, dataDir: string | null, giveUp: (line: string) => void }} options
 */
export function superviseBackend({ start, isStopping, dataDir, giveUp }) {
  let restarted = false;
  let answered = false;
  const watch = ({ exited }) => {
    void exited.then((end) => {
      if (isStopping()) return;
      const how = describeExit(end);
      if (end.code === 0) {
        giveUp(`npm start: the backend stopped (${how}); stopping the site`);
      } else if (end.signal === null && !answered) {
        giveUp(`npm start: the backend could not start (${how}); stopping`);
      } else if (restarted) {
        giveUp(`npm start: the backend died again (${how}); stopping the site and the backend`);
      } else {
        restarted = true;
        console.error(
          dataDir === null
            ? `npm start: the backend died (${how}); restarting it once (its data was in memory and is lost)`
            : `npm start: the backend died (${how}); restarting it once (its data in ${dataDir} is kept)`,
        );
        watch(start());
      }
    });
  };
  watch(start());
  return {
    answered: () => {
      answered = true;
    },
  };
}
