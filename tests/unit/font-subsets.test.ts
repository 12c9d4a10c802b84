import { readFileSync, readdirSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { charactersOf, faces, fontFaceCss, subset } from '../../scripts/font-subsets';

const fontsDir = new URL('../../src/assets/fonts/', import.meta.url);
const fontsCss = new URL('../../src/styles/fonts.css', import.meta.url);

/** Everything readers see written: the embedded articles, authors, categories and the UI strings. */
function siteText(): string {
  const strings = new URL('../../src/i18n/strings/', import.meta.url);
  return [
    readFileSync(new URL('../../src/content/dataset/data.ndjson', import.meta.url), 'utf8'),
    ...readdirSync(strings).map((file) => readFileSync(new URL(file, strings), 'utf8')),
  ].join('\n');
}

describe('the web fonts cut down by `npm run fonts:subsets`', () => {
  it('are committed as the script writes them, with fonts.css pointing at them', async () => {
    for (const face of faces) {
      expect(readFileSync(new URL(face.file, fontsDir)).equals(await subset(face)), face.file).toBe(
        true,
      );
    }
    expect(readdirSync(fontsDir).sort()).toEqual(faces.map((face) => face.file).sort());
    const options = await resolveConfig(fontsCss.pathname);
    expect(readFileSync(fontsCss, 'utf8')).toBe(
      await format(fontFaceCss(), { ...options, filepath: fontsCss.pathname }),
    );
  });

  it('keep every Latin and Arabic letter, mark, digit and punctuation the site writes', () => {
    const kept = new Set(faces.flatMap((face) => Array.from(charactersOf(face.unicodeRange))));
    const written = new Set(
      siteText().match(/[\p{Script=Latin}\p{Script=Arabic}\p{Script=Inherited}\p{P}\p{Nd}]/gu),
    );
    // Other scripts (a Devanagari or Japanese example in an article) and emoji were never in the
    // faces: the reader's system draws them.
    const otherScripts = /[\p{Script=Devanagari}\p{Script=Han}]/u;
    const dropped = [...written].filter((char) => !kept.has(char) && !otherScripts.test(char));
    expect(dropped).toEqual([]);
    expect(written.size).toBeGreaterThan(100);
  });

  it('leave out what Arabic does not use: the Urdu and Persian letters and presentation forms', () => {
    const arabic = faces.find((face) => face.family === 'Noto Naskh Arabic Variable');
    const kept = charactersOf(arabic?.unicodeRange ?? '');
    expect(kept).toContain('ب');
    expect(kept).toContain('\u064e'); // fatha
    expect(kept).not.toContain('\u0750'); // Arabic Supplement
    expect(kept).not.toContain('\u067e'); // Persian peh
    expect(kept).not.toContain('\u06d4'); // Urdu full stop
    expect(kept).not.toContain('\ufdf2'); // a presentation-form ligature
  });
});
