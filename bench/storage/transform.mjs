// Image transformations on the local backend (`/render/image`, sharp):
//
// 1. bytes: a 2000×1500 JPEG and the avatar renditions the site asks for (32 and 64 px WebP);
// 2. latency of one transformation of that JPEG to a 64 px WebP, one request at a time (p50, p95);
// 3. concurrency: N requests at once for N = 1, 4, 16, 64, 256: wall time, renditions/second,
//    latency p50/p95, failures, and — the point of running sharp off the JavaScript thread — the
//    event loop's delay while they run and how long a `/storage/v1/bucket` request made in the
//    middle of the load takes to be answered.
//
//   node bench/storage/transform.mjs            # the full run
//   node bench/storage/transform.mjs --quick    # fewer samples, up to 64 at once
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startBenchBackend } from '../lib/backend.mjs';

const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const SAMPLES = args.quick ? 10 : 40;
const LEVELS = args.quick ? [1, 4, 16, 64] : [1, 4, 16, 64, 256];
const ACCEPT = 'image/avif,image/webp,image/apng,*/*;q=0.8';

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const ms = (value) => `${value.toFixed(1)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A photo-like 2000×1500 JPEG (gradients and texture, so it compresses like a picture). */
async function photo(width = 2000, height = 1500) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x * 13) ^ (y * 7)) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const { server, serviceHeaders: headers } = await startBenchBackend();
try {
  const source = await photo();
  const upload = await fetch(`${server.url}/storage/v1/object/avatars/bench/photo.jpg`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'image/jpeg' },
    body: source,
  });
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const base = `${server.url}/storage/v1/render/image/public/avatars/bench/photo.jpg`;

  /** One rendition; resolves to its bytes and time, or throws with the answer. */
  const render = async (size) => {
    const began = performance.now();
    const response = await fetch(`${base}?width=${size}&height=${size}`, {
      headers: { accept: ACCEPT },
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`${response.status}`);
    return { bytes, ms: performance.now() - began };
  };

  console.log('Image transformations (local backend, sharp ' + sharp.versions.sharp + ')');
  console.log(`source: 2000×1500 JPEG, ${kb(source.byteLength)}`);
  for (const size of [32, 64, 128]) {
    console.log(`  ${size} px WebP: ${kb((await render(size)).bytes)}`);
  }

  for (let i = 0; i < 3; i++) await render(64);
  const times = [];
  for (let i = 0; i < SAMPLES; i++) times.push((await render(64)).ms);
  console.log(
    `\none at a time, 2000×1500 JPEG → 64 px WebP (${SAMPLES}): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
  );

  console.log(
    `\nconcurrent (UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}, sharp.concurrency ${sharp.concurrency()}):`,
  );
  console.log(
    '   N | wall      | /s    | p50       | p95       | failed | loop delay max | bucket list during load',
  );
  for (const n of LEVELS) {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const began = performance.now();
    const results = Promise.allSettled(Array.from({ length: n }, () => render(64)));
    // A cheap request in the middle of the load: how long does the rest of the API wait?
    await new Promise((resolve) => setTimeout(resolve, 20));
    const probeBegan = performance.now();
    const probe = await fetch(`${server.url}/storage/v1/bucket`, { headers });
    await probe.arrayBuffer();
    const probeMs = performance.now() - probeBegan;
    const settled = await results;
    const wall = performance.now() - began;
    loop.disable();
    const done = settled.filter((r) => r.status === 'fulfilled').map((r) => r.value.ms);
    const failed = settled.length - done.length;
    console.log(
      [
        String(n).padStart(4),
        ms(wall).padEnd(9),
        (done.length / (wall / 1000)).toFixed(1).padEnd(5),
        ms(percentile(done, 50)).padEnd(9),
        ms(percentile(done, 95)).padEnd(9),
        String(failed).padEnd(6),
        ms(loop.max / 1e6).padEnd(14),
        ms(probeMs),
      ].join(' | '),
    );
  }
  const memory = process.memoryUsage();
  console.log(`\nresident memory after the run: ${(memory.rss / 2 ** 20).toFixed(0)} MB`);
} finally {
  await server.stop();
}
