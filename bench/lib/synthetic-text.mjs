/**
 * Deterministic filler prose per locale for benchmark datasets: the same seed gives the same
 * text, so two runs build byte-identical sites. Not for readers: only its length and scripts
 * (Latin with diacritics, Arabic) matter to the build.
 */

const vocabulary = {
  en: 'language word city street story river letter market reader writer summer winter light night morning paper voice island bridge garden history science music travel'.split(
    ' ',
  ),
  de: 'Sprache Wort Stadt Straße Geschichte Fluss Brief Markt Leserin Schreiber Sommer Winter Licht Nacht Morgen Papier Stimme Insel Brücke Garten Wissenschaft Musik Reise Hinterhof'.split(
    ' ',
  ),
  fr: 'langue mot ville rue histoire fleuve lettre marché lectrice écrivain été hiver lumière nuit matin papier voix île pont jardin science musique voyage café'.split(
    ' ',
  ),
  ar: 'لغة كلمة مدينة شارع حكاية نهر رسالة سوق قارئة كاتب صيف شتاء ضوء ليل صباح ورق صوت جزيرة جسر حديقة تاريخ علم موسيقى سفر'.split(
    ' ',
  ),
};

/** A small seeded PRNG (mulberry32): fast, and good enough to vary filler text. */
export function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` words of a locale, the first capitalized where the script has capitals. */
export function words(locale, random, count) {
  const list = vocabulary[locale];
  const picked = Array.from({ length: count }, () => list[Math.floor(random() * list.length)]);
  const [first = '', ...rest] = picked;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

/** A sentence of 8–20 words. */
export function sentence(locale, random) {
  return `${words(locale, random, 8 + Math.floor(random() * 13))}.`;
}

export function paragraph(locale, random, sentences) {
  return Array.from({ length: sentences }, () => sentence(locale, random)).join(' ');
}
