// Resumable uploads (TUS) on the local backend, with tus-js-client as Supabase documents it, on a
// persistent data directory with fsync on (the durable default):
//
// 1. An interrupted large upload: 50 MB in 6 MiB chunks, uninterrupted, then cut off after about
//    half and resumed from the offset the server reports: time, bytes sent twice, stored == source.
// 2. Load: N uploads of 256 KB at once (N = 1, 8, 32, 128, 512, 1024), raised until something gives.
//    Every upload must end in the client's onSuccess or onError (never silence), and every success
//    must have its object; printed per level: wall, uploads/s, p50/p95, failures by answer.
//
//   node bench/storage/resumable.mjs           # the full run
//   node bench/storage/resumable.mjs --quick   # 20 MB, load up to 32
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as tus from 'tus-js-client';
import { startBenchBackend } from '../lib/backend.mjs';

const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const MB = 1000 * 1000;
const LARGE = (args.quick ? 20 : 50) * MB;
const LEVELS = args.quick ? [1, 8, 32] : [1, 8, 32, 128, 512, 1024];
/** An upload that neither succeeds nor fails within this long counts as silent. */
const SILENCE_MS = 180_000;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const ms = (value) =>
  Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : '–';
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-resumable-'));
const { server, serviceHeaders: headers } = await startBenchBackend({ dataDir });

/**
 * One tus-js-client upload; resolves (never rejects) with how it ended: `ok`, or the answer's
 * status (or the network error), or `silent` when the client reported nothing in time.
 */
function upload(bytes, objectName, options = {}) {
  const began = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(watchdog);
      resolve({ ...outcome, ms: performance.now() - began, url: attempt.url });
    };
    const watchdog = setTimeout(() => settle({ outcome: 'silent' }), SILENCE_MS);
    const attempt = new tus.Upload(bytes, {
      endpoint: `${server.url}/storage/v1/upload/resumable`,
      headers,
      metadata: { bucketName: 'bench', objectName, contentType: 'application/octet-stream' },
      chunkSize: 6 * 1024 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onSuccess: () => settle({ outcome: 'ok' }),
      onError: (error) => {
        const status = error.originalResponse?.getStatus();
        settle({
          outcome: status
            ? `HTTP ${status}`
            : `network: ${error.causingError?.code ?? error.message.slice(0, 40)}`,
        });
      },
      ...options(() => attempt),
    });
    attempt.start();
  });
}

/** How many objects are stored under `prefix` (listV2, page by page). */
async function countObjects(prefix) {
  let count = 0;
  let cursor;
  for (;;) {
    const page = await fetch(`${server.url}/storage/v1/object/list-v2/bench`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix, ...(cursor ? { cursor } : {}) }),
    }).then((response) => response.json());
    count += page.objects.length;
    if (!page.hasNext) return count;
    cursor = page.nextCursor;
  }
}

try {
  const created = await fetch(`${server.url}/storage/v1/bucket`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 'bench', name: 'bench', public: false }),
  });
  if (!created.ok) throw new Error(`bucket: ${await created.text()}`);

  // 1. Interrupted large upload.
  const source = randomBytes(LARGE);
  const whole = await upload(source, 'whole.bin', () => ({}));
  let acceptedAtCut = 0;
  const cut = await upload(source, 'resumed.bin', (current) => ({
    onChunkComplete: (_size, accepted) => {
      if (accepted >= LARGE / 2 && acceptedAtCut === 0) {
        acceptedAtCut = accepted;
        void current().abort();
      }
    },
  }));
  // An aborted upload reports nothing (tus-js-client's abort is silent by design): it is `silent`
  // only if it was not aborted by us. Resume from the server's offset.
  const head = await fetch(cut.url ?? '', {
    method: 'HEAD',
    headers: { ...headers, 'Tus-Resumable': '1.0.0' },
  });
  const serverOffset = Number(head.headers.get('upload-offset'));
  const resumed = await upload(source, 'resumed.bin', () => ({ uploadUrl: cut.url }));
  const stored = await fetch(`${server.url}/storage/v1/object/bench/resumed.bin`, { headers });
  const same = sha256(new Uint8Array(await stored.arrayBuffer())) === sha256(source);
  console.log(`Interrupted upload (${(LARGE / MB).toFixed(0)} MB, 6 MiB chunks, fsync on)\n`);
  console.log('| upload | time | bytes sent after the cut | outcome |');
  console.log('| --- | ---: | ---: | --- |');
  console.log(`| uninterrupted | ${ms(whole.ms)} | – | ${whole.outcome} |`);
  console.log(
    `| cut after ${(acceptedAtCut / MB).toFixed(1)} MB, resumed (server offset ${(serverOffset / MB).toFixed(1)} MB) | ${ms(resumed.ms)} | ${((LARGE - serverOffset) / MB).toFixed(1)} MB | ${resumed.outcome}; stored bytes ${same ? 'equal the source' : 'DIFFER'} |`,
  );

  // 2. Load.
  const small = randomBytes(256 * 1000);
  console.log(`\nResumable uploads at once (${small.byteLength / 1000} KB each, one chunk)\n`);
  console.log(
    '| at once | wall | uploads/s | p50 | p95 | failed (answer × count) | silent | objects stored / succeeded |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const n of LEVELS) {
    const began = performance.now();
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => upload(small, `load-${n}/${i}.bin`, () => ({}))),
    );
    const wall = performance.now() - began;
    const ok = results.filter((result) => result.outcome === 'ok');
    const failures = new Map();
    for (const result of results) {
      if (result.outcome === 'ok' || result.outcome === 'silent') continue;
      failures.set(result.outcome, (failures.get(result.outcome) ?? 0) + 1);
    }
    const silent = results.filter((result) => result.outcome === 'silent').length;
    const listed = await countObjects(`load-${n}/`);
    const times = ok.map((result) => result.ms);
    console.log(
      `| ${n} | ${ms(wall)} | ${(ok.length / (wall / 1000)).toFixed(1)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${[...failures].map(([answer, count]) => `${answer} × ${count}`).join(', ') || '0'} | ${silent} | ${listed} / ${ok.length} |`,
    );
    if (failures.size > 0 || silent > 0) {
      console.log(`\nSomething gave at ${n} at once; stopped raising.`);
      break;
    }
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
