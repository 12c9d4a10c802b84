// Many uploads at once on the local backend, as when a crowd of members changes avatars:
// N uploads of a ~200 KB PNG start together (N = 1, 8, 32, 128, 512, 1024, 2048, 4096), each to its own
// object, on a persistent data directory with fsync on (the durable default). Printed per level:
// wall time, uploads per second, latency p50/p95, failures by answer, and how long a REST read
// made in the middle of the load takes — until something gives.
//
//   node bench/storage/uploads.mjs            # the full run
//   node bench/storage/uploads.mjs --quick    # up to 128 at once
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startBenchBackend } from '../lib/backend.mjs';

const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const LEVELS = args.quick ? [1, 8, 32, 128] : [1, 8, 32, 128, 512, 1024, 2048, 4096];

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const ms = (value) =>
  Number.isFinite(value) ? `${Math.round(value).toLocaleString('en')} ms` : '–';

/** A 256×256 PNG of noise: it does not compress, so it is about 200 KB, like a real photo avatar. */
async function avatarPng() {
  const raw = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width: 256, height: 256, channels: 3 } })
    .png()
    .toBuffer();
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-uploads-'));
const { server, serviceHeaders: headers } = await startBenchBackend({ dataDir });
try {
  const png = await avatarPng();
  let serial = 0;

  /** One upload; resolves to its time and answer (never throws, so a failure is counted). */
  const upload = async () => {
    const began = performance.now();
    try {
      const response = await fetch(
        `${server.url}/storage/v1/object/avatars/bench/${serial++}.png`,
        { method: 'POST', headers: { ...headers, 'Content-Type': 'image/png' }, body: png },
      );
      const text = await response.text();
      return { ms: performance.now() - began, status: response.status, text };
    } catch (error) {
      return {
        ms: performance.now() - began,
        status: 'network',
        text: String(error.cause?.code ?? error),
      };
    }
  };
  /** A REST read a reader would make meanwhile. */
  const probe = async () => {
    const began = performance.now();
    try {
      const response = await fetch(`${server.url}/rest/v1/comments?select=id,body&limit=20`, {
        headers: { apikey: server.keys.anonKey },
      });
      await response.arrayBuffer();
      return response.ok ? ms(performance.now() - began) : `${response.status}`;
    } catch (error) {
      return `failed: ${error.cause?.code ?? error.message}`;
    }
  };

  console.log(
    `Uploads at once (local backend, fsync on, ${(png.byteLength / 1024).toFixed(0)} KB PNG each)`,
  );
  console.log('| at once | wall | uploads/s | p50 | p95 | failed | REST read during load | RSS |');
  console.log('| ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const n of LEVELS) {
    const began = performance.now();
    const uploads = Promise.all(Array.from({ length: n }, upload));
    const probeMs = await new Promise((resolve) => setTimeout(() => resolve(probe()), 50));
    const results = await uploads;
    const wall = performance.now() - began;
    const ok = results.filter((result) => result.status === 200);
    const failures = new Map();
    for (const result of results) {
      if (result.status === 200) continue;
      const label = `${result.status} ${result.text.slice(0, 60)}`.trim();
      failures.set(label, (failures.get(label) ?? 0) + 1);
    }
    const failed =
      failures.size === 0
        ? '0'
        : [...failures].map(([label, count]) => `${count}× ${label}`).join('; ');
    const times = ok.map((result) => result.ms);
    console.log(
      `| ${n} | ${ms(wall)} | ${(ok.length / (wall / 1000)).toFixed(1)} | ${ms(percentile(times, 50))} | ` +
        `${ms(percentile(times, 95))} | ${failed} | ${probeMs} | ` +
        `${Math.round(process.memoryUsage().rss / 2 ** 20)} MB |`,
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
