// Which way to run bcrypt (cost 10) off the request thread measures better: @node-rs/bcrypt on
// libuv's thread pool (what auth uses), bcryptjs in a pool of worker threads, or bcryptjs's async
// API on the main thread (what auth used before). For each, compares per second at 1 and 2 at once,
// and how late a 5 ms timer on the main thread fires meanwhile (the delay every other request sees).
//
//   node bench/backend/bcrypt-options.mjs [--quick]
import { Worker } from 'node:worker_threads';
import { verify } from '@node-rs/bcrypt';
import bcryptjs from 'bcryptjs';

const quick = process.argv.includes('--quick');
const COUNT = quick ? 12 : 40;
const PASSWORD = 'polyglot-demo-2026';
const HASH = bcryptjs.hashSync(PASSWORD, 10);

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** A pool of worker threads, each running bcryptjs's synchronous compare. */
function workerPool(size) {
  const source = `
    const { parentPort } = require('node:worker_threads');
    const bcrypt = require(${JSON.stringify(import.meta.resolve('bcryptjs').replace('file://', ''))});
    parentPort.on('message', ({ id, password, hash }) => {
      parentPort.postMessage({ id, ok: bcrypt.compareSync(password, hash) });
    });`;
  const workers = Array.from({ length: size }, () => new Worker(source, { eval: true }));
  const idle = [...workers];
  const waiting = [];
  const pending = new Map();
  let next = 0;
  for (const worker of workers) {
    worker.on('message', ({ id, ok }) => {
      pending.get(id)(ok);
      pending.delete(id);
      const queued = waiting.shift();
      if (queued) queued(worker);
      else idle.push(worker);
    });
  }
  return {
    async compare(password, hash) {
      const worker = idle.pop() ?? (await new Promise((resolve) => waiting.push(resolve)));
      const id = next++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        worker.postMessage({ id, password, hash });
      });
    },
    close: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}

async function measure(compare, parallel) {
  const lags = [];
  let expected = performance.now() + 5;
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - expected));
    expected = now + 5;
  }, 5);
  const began = performance.now();
  let left = COUNT;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (left-- > 0) {
        if (!(await compare(PASSWORD, HASH))) throw new Error('the password did not match');
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  clearInterval(timer);
  return { perSecond: COUNT / seconds, lagP95: percentile(lags, 95), lagMax: Math.max(...lags) };
}

const pool = workerPool(2);
const options = [
  ['@node-rs/bcrypt, libuv pool', (password, hash) => verify(password, hash)],
  ['bcryptjs, 2 worker threads', (password, hash) => pool.compare(password, hash)],
  ['bcryptjs async, main thread', (password, hash) => bcryptjs.compare(password, hash)],
];
console.log(`bcrypt cost 10 compare, ${COUNT} per row`);
console.log('| how | at once | compares/s | main-thread timer lag p95 / max |');
console.log('|---|---:|---:|---:|');
for (const parallel of [1, 2]) {
  for (const [name, compare] of options) {
    const result = await measure(compare, parallel);
    console.log(
      `| ${name} | ${parallel} | ${result.perSecond.toFixed(1)} | ${result.lagP95.toFixed(1)} / ${result.lagMax.toFixed(1)} ms |`,
    );
  }
}
await pool.close();
