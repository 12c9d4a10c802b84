/**
 * `node scripts/app-icons.ts`: the installed web app's icons (public/icons/, named in each
 * locale's manifest), drawn from the site's artwork, public/favicon.svg: the same square at 192
 * and 512 pixels, and a maskable one (the letter inside the safe circle, the colour to the edges)
 * for launchers that cut icons to their own shape. Run it again after changing the favicon.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const favicon = await readFile('public/favicon.svg', 'utf8');
// Maskable: no rounded corners, and the letter at 60 % of its size, centred, so any mask keeps it.
const maskable = favicon
  .replace(' rx="6"', '')
  .replace('<text ', '<g transform="translate(6.4 6.4) scale(0.6)"><text ')
  .replace('</text>', '</text></g>');

for (const [name, svg, size] of [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['icon-maskable-512.png', maskable, 512],
] as const) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/${name}`);
}
