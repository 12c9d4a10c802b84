// Other CPU work a request can cause, and how much of it runs on the thread that serves every request
// (issue 16's "look for the same pattern elsewhere"). For each kind of work: the wall time of one
// operation and the part of it the event loop was busy (performance.eventLoopUtilization's active
// time: JavaScript and synchronous native code; waiting on libuv's pool counts as idle), measured
// here in this process with the same libraries and calls the backend uses.
//
//   node bench/backend/request-thread-work.mjs [--quick]
import { parseArgs } from 'node:util';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import sharp from 'sharp';
import { encodeChange, encodeText } from '../../local-supabase/realtime/protocol.ts';

/** Runs `operation` `count` times one after another: wall ms and event-loop-busy ms per operation. */
async function measure(count, operation) {
  for (let i = 0; i < Math.min(5, count); i++) await operation(i);
  const before = performance.eventLoopUtilization();
  const began = performance.now();
  for (let i = 0; i < count; i++) await operation(i);
  const wall = performance.now() - began;
  const busy = performance.eventLoopUtilization(before).active;
  return { wall: wall / count, busy: busy / count };
}

/** An access token as auth/sessions.ts signs it (claims of a password sign-in). */
function accessToken() {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    aud: 'authenticated',
    sub: crypto.randomUUID(),
    email: 'member@example.com',
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { locale: 'en' },
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: crypto.randomUUID(),
    is_anonymous: false,
  })
    .setIssuer('http://127.0.0.1:54321/auth/v1')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600);
}

async function measureSigning(count) {
  const secret = new TextEncoder().encode(
    'super-secret-jwt-token-with-at-least-32-characters-long',
  );
  const results = {
    HS256: await measure(count, () =>
      accessToken().setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret),
    ),
  };
  for (const alg of ['ES256', 'RS256']) {
    // As config/signing-keys.ts holds them: a private CryptoKey imported from the JWK file.
    const { privateKey } = await generateKeyPair(alg, { extractable: true });
    await exportJWK(privateKey);
    results[alg] = await measure(count, () =>
      accessToken().setProtectedHeader({ alg, kid: 'bench', typ: 'JWT' }).sign(privateKey),
    );
  }
  return results;
}

/**
 * One postgres_changes INSERT of a comment, as realtime/changes sends it, encoded for `subscribers`
 * sockets the way connection.ts does (encodeText per socket: each has its own topic and binding ids).
 */
function measureFanOut(subscribers, rounds) {
  const data = {
    schema: 'public',
    table: 'comments',
    commit_timestamp: new Date().toISOString(),
    eventType: 'INSERT',
    new: {
      id: crypto.randomUUID(),
      article_key: 'articles/why-multilingual',
      author_id: crypto.randomUUID(),
      parent_id: null,
      body: 'A comment of an ordinary length, a sentence or two, as readers write them under an article. '.repeat(
        3,
      ),
      language: 'en',
      status: 'published',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    },
    old: {},
    errors: null,
  };
  const envelope = (i) => ({
    joinRef: String(i),
    ref: null,
    topic: `realtime:comments:articles/why-multilingual:${i}`,
  });
  // Before: each socket's whole message through JSON.stringify.
  const encodeAll = (shared) =>
    Array.from({ length: subscribers }, (_, i) =>
      encodeText(
        { ...envelope(i), event: 'postgres_changes', payload: { ids: [i], data: shared } },
        '1.0.0',
      ),
    );
  // What the backend does (realtime/protocol.ts encodeChange): the change serialised once, each
  // socket's envelope around it.
  const spliceAll = (shared) =>
    Array.from({ length: subscribers }, (_, i) => encodeChange(envelope(i), [i], shared, '1.0.0'));
  const probe = { ...data };
  if (encodeAll(probe).join('\n') !== spliceAll(probe).join('\n'))
    throw new Error('encodeChange wrote other bytes than encodeText');
  // A new change object each round, as each change is: encodeChange keeps one JSON per object.
  const time = (encode) => {
    encode({ ...data });
    const began = performance.now();
    let bytes = 0;
    for (let round = 0; round < rounds; round++)
      bytes = encode({ ...data }).reduce((sum, frame) => sum + frame.length, 0);
    return { ms: (performance.now() - began) / rounds, bytes };
  };
  return { perSocket: time(encodeAll), once: time(spliceAll) };
}

/** A 2000×1500 JPEG photo-like source turned into a 400 px wide WebP, as /render/image does. */
async function measureImageTransform(count) {
  const source = await sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return measure(count, () =>
    sharp(source).resize({ width: 400, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
  );
}

const format = (value) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;

/** Prints the section; `quick` measures fewer operations. */
export async function printRequestThreadWork({ quick = false } = {}) {
  const signing = await measureSigning(quick ? 100 : 500);
  const fanOut = measureFanOut(1000, quick ? 5 : 20);
  const image = await measureImageTransform(quick ? 3 : 10);
  console.log('\nOther work a request causes: wall time of one, and the part on the event loop');
  for (const [alg, result] of Object.entries(signing)) {
    console.log(
      `  signing one access token (${alg}, jose): ${format(result.wall)}, on the event loop ${format(result.busy)}`,
    );
  }
  console.log(
    `  one postgres_changes message for 1,000 subscribers (JSON.stringify per socket, as before): ${format(fanOut.perSocket.ms)} on the event loop, ${Math.round(fanOut.perSocket.bytes / 1024)} KB`,
  );
  console.log(
    `  the same as sent now, the change serialised once (encodeChange), same bytes: ${format(fanOut.once.ms)}`,
  );
  console.log(
    `  one image transformation (sharp, 2000×1500 JPEG → 400 px WebP): ${format(image.wall)}, on the event loop ${format(image.busy)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  await printRequestThreadWork({ quick: values.quick });
}
