// Stress harness for the crash at start (issue 34): V8's fatal
// `Check failed: jit_page_->allocations_.erase(addr) == 1` in ThreadIsolation::UnregisterWasmAllocation,
// which PGlite's WebAssembly sometimes triggers in Node 24 (nodejs/node#64500). Two shapes of load:
//
//   starts: waves of backends (`local-supabase/cli.ts`, each on a copy of the test template as its
//           data directory and its own loopback ports) starting at the same moment; each is stopped
//           with SIGTERM once /health answers.
//   churn:  one process opening and closing databases repeatedly, as the tests do
//           (bench/lib/pglite-churn.ts).
//
// Every shape runs once per arm: a set of Node options given to the processes under test. It counts
// the processes that died (and how: the V8 check above, another fatal error, a signal) per N starts.
// Bounded: a fixed number of waves and runs, a time limit per arm, loopback only; it stops by itself.
//
//   npm run bench:start-crash                                   # plain Node vs --no-memory-protection-keys
//   npm run bench:start-crash -- --waves 4 --backends 3 --churn-runs 2 --churn-cycles 16
//   npm run bench:start-crash -- --arm 'plain=' --arm 'no-pku=--no-memory-protection-keys'
//   npm run bench:start-crash -- --only starts --time-limit 120
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../local-supabase/paths.ts';
import { getTemplateDir } from '../tests/backend/helpers/template.ts';

const { values: args } = parseArgs({
  options: {
    waves: { type: 'string', default: '4' },
    backends: { type: 'string', default: '3' },
    'churn-runs': { type: 'string', default: '2' },
    'churn-cycles': { type: 'string', default: '16' },
    arm: { type: 'string', multiple: true },
    only: { type: 'string' },
    'time-limit': { type: 'string', default: '180' },
    'port-base': { type: 'string', default: '56220' },
  },
});
const waves = Math.min(30, Number(args.waves));
const backends = Math.min(8, Number(args.backends));
const churnRuns = Math.min(20, Number(args['churn-runs']));
const churnCycles = Math.min(200, Number(args['churn-cycles']));
const timeLimitMs = Math.min(900, Number(args['time-limit'])) * 1000;
const portBase = Number(args['port-base']);
// Without --arm: plain Node, and Node without V8's PKU write protection of code pages (the
// ThreadIsolation bookkeeping the failing check belongs to; see bench/README.md).
const arms = (args.arm ?? ['default=', 'no-pku=--no-memory-protection-keys']).map((text) => {
  const [name, flags = ''] = text.split(/=(.*)/s);
  return { name, flags: flags.split(/\s+/).filter(Boolean) };
});

const node = process.execPath;
const FATAL_CHECK = 'jit_page_->allocations_.erase(addr) == 1';

/** What killed a process, from its exit and the tail of its stderr; null when it ended normally. */
function classify(code, signal, stderr) {
  if (stderr.includes(FATAL_CHECK)) return 'V8 jit_page check';
  if (/Fatal error|FATAL ERROR|Check failed/.test(stderr)) return 'other V8 fatal error';
  if (signal && signal !== 'SIGTERM') return `signal ${signal}`;
  if (code !== 0 && code !== null) return `exit ${code}`;
  return null;
}

/** Starts a process in its own group with stderr kept (last 20 kB); resolves its exit. */
function launch(command, argv, env = {}) {
  const child = spawn(command, argv, {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stderr: () => stderr })),
  );
  return { child, exited };
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function untilHealthy(url, exited, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => (done = true));
  while (!done && Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** One backend from a copy of the template; started, stopped with SIGTERM once healthy. */
async function startOneBackend(flags, slot, templateRoot) {
  const dataDir = await mkdtemp(join(tmpdir(), 'start-crash-'));
  await cp(templateRoot, dataDir, { recursive: true });
  const port = (offset) => String(portBase + slot * 5 + offset);
  const began = performance.now();
  const { child, exited } = launch(node, [...flags, 'local-supabase/cli.ts'], {
    SUPABASE_LOCAL_DATA_DIR: dataDir,
    SUPABASE_LOCAL_HOST: '127.0.0.1',
    SUPABASE_LOCAL_PORT: port(0),
    SUPABASE_LOCAL_DB_PORT: port(1),
    SUPABASE_LOCAL_MAILBOX_PORT: port(2),
    SUPABASE_LOCAL_OIDC_PORT: port(3),
    SUPABASE_LOCAL_SAML_IDP_PORT: port(4),
  });
  const healthy = await untilHealthy(`http://127.0.0.1:${port(0)}/health`, exited, 90_000);
  const startMs = performance.now() - began;
  if (healthy) killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), healthy ? 20_000 : 1000);
  const { code, signal, stderr } = await exited;
  clearTimeout(timer);
  killGroup(child, 'SIGKILL'); // anything it left in its group
  await rm(dataDir, { recursive: true, force: true });
  const cause = classify(code, signal, stderr()) ?? (healthy ? null : 'never answered /health');
  return { cause, startMs, stderr: stderr() };
}

async function runStarts(arm, templateRoot, deadline) {
  const result = { runs: 0, crashes: [], startMs: [] };
  for (let wave = 1; wave <= waves && Date.now() < deadline; wave++) {
    const outcomes = await Promise.all(
      Array.from({ length: backends }, (_, slot) => startOneBackend(arm.flags, slot, templateRoot)),
    );
    for (const outcome of outcomes) {
      result.runs++;
      result.startMs.push(outcome.startMs);
      if (outcome.cause) result.crashes.push(outcome);
    }
    const died = outcomes.filter((outcome) => outcome.cause).map((outcome) => outcome.cause);
    console.log(
      `  [${arm.name}] wave ${wave}: ${backends} backends, ${died.length} died${died.length ? ` (${died.join(', ')})` : ''}`,
    );
  }
  return result;
}

async function runChurn(arm, template, deadline) {
  const result = { runs: 0, opens: 0, crashes: [] };
  for (let run = 1; run <= churnRuns && Date.now() < deadline; run++) {
    const { exited } = launch(node, [
      ...arm.flags,
      'bench/lib/pglite-churn.ts',
      '--template',
      template,
      '--cycles',
      String(churnCycles),
    ]);
    const { code, signal, stderr } = await exited;
    const cause = classify(code, signal, stderr());
    result.runs++;
    result.opens += churnCycles;
    if (cause) result.crashes.push({ cause, stderr: stderr() });
    console.log(
      `  [${arm.name}] churn run ${run}: ${churnCycles} opens and closes, ${cause ?? 'no crash'}`,
    );
  }
  return result;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)]) : 0;
}

const template = await getTemplateDir();
const templateRoot = dirname(template);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(
  `Start-crash harness, Node ${process.version}: ${waves} waves of ${backends} backends, ` +
    `${churnRuns} churn runs of ${churnCycles} opens; time limit ${timeLimitMs / 1000} s per arm\n` +
    `Load average before: ${load()}\n`,
);

const summary = [];
for (const arm of arms) {
  const deadline = Date.now() + timeLimitMs;
  const began = performance.now();
  console.log(`Arm "${arm.name}": node ${arm.flags.join(' ') || '(no options)'}`);
  const starts = args.only === 'churn' ? null : await runStarts(arm, templateRoot, deadline);
  const churn = args.only === 'starts' ? null : await runChurn(arm, template, deadline);
  const crashes = [...(starts?.crashes ?? []), ...(churn?.crashes ?? [])];
  for (const crash of crashes.slice(0, 2)) {
    const line = crash.stderr.split('\n').find((text) => text.includes('Check failed'));
    if (line) console.log(`    ${line.trim()}`);
  }
  summary.push({
    arm,
    starts,
    churn,
    seconds: Math.round((performance.now() - began) / 1000),
    load: load(),
  });
}

console.log('\nSummary (load average = 1, 5, 15 min at the end of the arm)');
for (const { arm, starts, churn, seconds, load: armLoad } of summary) {
  const parts = [];
  if (starts) {
    parts.push(
      `backend starts ${starts.crashes.length}/${starts.runs} died ` +
        `(${starts.crashes.filter((c) => c.cause === 'V8 jit_page check').length} by the jit_page check), ` +
        `median start ${median(starts.startMs)} ms`,
    );
  }
  if (churn) {
    parts.push(
      `churn processes ${churn.crashes.length}/${churn.runs} died over ${churn.opens} opens ` +
        `(${churn.crashes.filter((c) => c.cause === 'V8 jit_page check').length} by the jit_page check)`,
    );
  }
  console.log(`  ${arm.name}: ${parts.join('; ')}; ${seconds} s, load ${armLoad}`);
}
