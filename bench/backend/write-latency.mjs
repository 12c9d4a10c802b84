// What durability costs: write latency with fsync on (the default for a persistent data directory)
// and off (`--no-fsync`, the test suite's mode). Two servers on their own data directories, the same
// writes through the HTTP API: a REST insert of a comment and a 10 KB storage upload, sequential.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchBackend } from '../lib/backend.mjs';

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timeEach(task, count) {
  for (let i = 0; i < Math.min(5, count); i++) await task(`warm-${i}`);
  const times = [];
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    await task(String(i));
    times.push(performance.now() - began);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function check(response) {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
}

async function measureOne(fsync, samples) {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-fsync-${fsync ? 'on' : 'off'}-`));
  const { server, serviceHeaders: headers } = await startBenchBackend({ dataDir, fsync });
  try {
    const { rows } = await server.db.query('select id from public.profiles order by id limit 1');
    const author = rows[0]?.id;
    await check(
      await fetch(`${server.url}/storage/v1/bucket`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 'bench', name: 'bench', public: false }),
      }),
    );
    const insert = await timeEach(async (n) => {
      await check(
        await fetch(`${server.url}/rest/v1/comments`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
          body: JSON.stringify({
            article_key: 'bench.fsync',
            author_id: author,
            body: `fsync bench ${n}`,
            language: 'en',
          }),
        }),
      );
    }, samples);
    const bytes = new Uint8Array(10 * 1024).fill(7);
    const upload = await timeEach(async (n) => {
      await check(
        await fetch(`${server.url}/storage/v1/object/bench/file-${n}.bin`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/octet-stream' },
          body: bytes,
        }),
      );
    }, samples);
    return { insert, upload };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Prints the section; `quick` takes fewer samples. */
export async function runWriteLatency({ quick = false } = {}) {
  const samples = quick ? 40 : 150;
  const ms = (value) => `${value.toFixed(2)} ms`.padStart(9);
  console.log(`\nWrite latency with and without fsync (${samples} sequential writes each)`);
  for (const fsync of [true, false]) {
    const { insert, upload } = await measureOne(fsync, samples);
    const label = fsync ? 'fsync on (default)' : 'fsync off (--no-fsync)';
    console.log(`  ${label.padEnd(23)} REST insert p50 ${ms(insert.p50)} p95 ${ms(insert.p95)}`);
    console.log(`  ${''.padEnd(23)} 10 KB upload p50 ${ms(upload.p50)} p95 ${ms(upload.p95)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runWriteLatency({ quick: process.argv.includes('--quick') });
}
