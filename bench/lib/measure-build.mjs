/**
 * Runs one build as a child process and measures it: wall time, and peak memory as the largest
 * sum of resident set sizes of the build's whole process tree (Astro plus the helpers it starts,
 * such as Pagefind's indexer), sampled from /proc every 100 ms.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

const sampleEveryMs = 100;

/**
 * @param {{ command: string, args: string[], cwd: string, env?: Record<string, string>, logFile: string }} build
 * @returns {Promise<{ seconds: number, peakRssBytes: number, log: string }>}
 */
export async function measureBuild({ command, args, cwd, env = {}, logFile }) {
  const log = createWriteStream(logFile);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let peakRssBytes = 0;
  const sampler = setInterval(() => {
    void treeRssBytes(child.pid).then((bytes) => {
      peakRssBytes = Math.max(peakRssBytes, bytes);
    });
  }, sampleEveryMs);
  const code = await new Promise((resolve) => child.once('close', resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => log.end(resolve));
  const output = await readFile(logFile, 'utf8');
  if (code !== 0) {
    throw new Error(`${[command, ...args].join(' ')} exited with ${code}; log: ${logFile}`);
  }
  return { seconds, peakRssBytes, log: output };
}

/** Resident memory of a process and all its descendants (0 once it has exited). */
async function treeRssBytes(pid) {
  if (pid === undefined) return 0;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const childPids = children.split(/\s+/).filter(Boolean).map(Number);
  const childBytes = await Promise.all(childPids.map(treeRssBytes));
  return rssKb * 1024 + childBytes.reduce((sum, bytes) => sum + bytes, 0);
}
