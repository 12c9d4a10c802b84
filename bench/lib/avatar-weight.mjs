// Avatar image bytes on a signed-in article page with comments, before (the uploaded picture, as
// the page drew it before image transformations) and after (MemberAvatar's renditions at the drawn
// size: 1x for ordinary screens, 2x for dense ones). The avatars such a page draws are listed in
// DRAWN below, read from the islands: only the header's account menu draws one (32 CSS px); the
// comment list shows names, not pictures. A local backend in memory stores a photo-like 1200×1200
// JPEG avatar and answers the same URLs the browser would ask for (Accept: WebP, as browsers send).
import sharp from 'sharp';
import { startBenchBackend } from './backend.mjs';

/** MemberAvatar instances on a signed-in article page: where, and the drawn size in CSS px. */
const DRAWN = [{ where: 'header account menu', size: 32 }];

/** A 1200×1200 JPEG with a photo's detail (smooth shapes plus sensor-like noise), ~0.3–0.6 MB. */
async function photoAvatar() {
  const side = 1200;
  const raw = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      const noise = Math.random() * 40;
      raw[i] = (x / side) * 200 + noise;
      raw[i + 1] = (y / side) * 180 + noise;
      raw[i + 2] = 120 + 60 * Math.sin((x + y) / 90) + noise;
    }
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Prints the avatar bytes table; `log` is console.log in the bench. */
export async function reportAvatarWeight(log = console.log) {
  const { server, serviceHeaders } = await startBenchBackend();
  try {
    const path = '00000000-0000-4000-8000-000000000001/avatar.jpg';
    const photo = await photoAvatar();
    const upload = await fetch(`${server.url}/storage/v1/object/avatars/${path}`, {
      method: 'POST',
      headers: { ...serviceHeaders, 'Content-Type': 'image/jpeg' },
      body: photo,
    });
    if (!upload.ok) throw new Error(`avatar upload failed: ${await upload.text()}`);
    const bytesOf = async (url) => {
      const response = await fetch(url, { headers: { Accept: 'image/avif,image/webp,*/*' } });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.arrayBuffer()).byteLength;
    };
    const original = await bytesOf(`${server.url}/storage/v1/object/public/avatars/${path}`);
    const rendered = (pixels) =>
      bytesOf(
        `${server.url}/storage/v1/render/image/public/avatars/${path}?width=${pixels}&height=${pixels}`,
      );
    log('\nAvatar images on a signed-in article page with comments (bytes per page view)\n');
    log('| avatar | drawn | before (original) | after 1x | after 2x (dense screens) |');
    log('| --- | ---: | ---: | ---: | ---: |');
    const total = { before: 0, oneX: 0, twoX: 0 };
    for (const { where, size } of DRAWN) {
      const [oneX, twoX] = [await rendered(size), await rendered(size * 2)];
      total.before += original;
      total.oneX += oneX;
      total.twoX += twoX;
      log(`| ${where} | ${size} px | ${fmt(original)} | ${fmt(oneX)} | ${fmt(twoX)} |`);
    }
    log(`| **page** | | ${fmt(total.before)} | ${fmt(total.oneX)} | ${fmt(total.twoX)} |`);
    log(
      `\nSource: ${photo.byteLength.toLocaleString('en')} B JPEG, 1200×1200; renditions are WebP ` +
        '(the comment list draws no avatars).',
    );
  } finally {
    await server.stop();
  }
}

function fmt(bytes) {
  return `${bytes.toLocaleString('en')} B`;
}
