/**
 * How two spellings of one name meet. A name is stored as written (folded: lower case, no accents); two
 * names match when one of their keys is equal. A key is the name's sound skeleton (c/k/q, w/v, y/i/j, x/ks,
 * ph/f, doubled letters), so "Rostelecom" meets the transliterated "Ростелеком" (rostelekom) and "Yandex"
 * meets "Яндекс" (yandeks); and the skeleton without one case ending, so Finnish "Equinixin", Polish
 * "Equinixa", Hungarian "Ostravában" and Czech "Ostravě" meet "Equinix" and "Ostrava".
 */

/** The name as it sounds, roughly: spellings of one name across alphabets and transliterations agree. */
export function skeleton(name: string): string {
  return name
    .replace(/ph/g, 'f')
    .replace(/qu/g, 'kv')
    .replace(/ck/g, 'k')
    .replace(/[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/[yj]/g, 'i')
    .replace(/kh/g, 'h')
    .replace(/(.)\1+/g, '$1');
}

/**
 * Case endings of the catalog's inflecting languages, in skeleton spelling, longest first: Finnish (-ssa,
 * -lla, -n, -in), Hungarian (-ban, -nak, -val), Slavic (-a, -u, -e, -em, -om, -ie, -ovi), Baltic (-as, -is),
 * Romanian (-ul, -ului), Greek and transliterated Cyrillic (-ou, -ii, -iu).
 */
const ENDINGS = [
  'ului',
  'ssa',
  'sta',
  'lla',
  'lta',
  'lle',
  'ksi',
  'nak',
  'nek',
  'ban',
  'ben',
  'bol',
  'rol',
  'tol',
  'hoz',
  'hez',
  'val',
  'vel',
  'nal',
  'nel',
  'ovi',
  'ami',
  'iin',
  'hin',
  'ie',
  'ia',
  'ii',
  'iu',
  'ou',
  'em',
  'om',
  'ah',
  'am',
  'ov',
  'ev',
  'oi',
  'ei',
  'ui',
  'ul',
  'as',
  'is',
  'us',
  'ai',
  'es',
  'os',
  'in',
  'en',
  'na',
  'ta',
  'a',
  'e',
  'i',
  'o',
  'u',
  'n',
  's',
  't',
];

/**
 * Case endings as the inflecting languages write them on place names, folded (no accents), longest first: Finnish
 * and Estonian (Kajaanissa, Kajaanin, Haminaan, Espooseen), Hungarian (Győrben), Slavic (Krakowie, Warszawie,
 * Ostravě, Brně), Baltic (Vilniuje, Kaune).
 */
const PLACE_ENDINGS = (
  'seen uose ssa sta lla lta lle ksi iin hin aan een oon uun sse ach ami ban ben bol rol tol hoz hez nak nek val vel oje uje ovi na ' +
  'in an en on un ie iu em om ou ba be ra re st le lt ga as is ai os n a e u y i l s'
).split(' ');

/**
 * The nominatives a folded place name written with a case ending may stand for ("kajaanissa" -> "kajaani",
 * "warszawie" -> "warszaw", "warszawa", "warszawo"), longest ending first; stems of four letters or more.
 */
export function placeStems(folded: string): string[] {
  const out: string[] = [];
  for (const ending of PLACE_ENDINGS) {
    if (!folded.endsWith(ending) || folded.length - ending.length < 4) continue;
    const stem = folded.slice(0, -ending.length);
    for (const form of [stem, `${stem}a`, `${stem}o`]) if (!out.includes(form)) out.push(form);
  }
  return out;
}

const keyCache = new Map<string, string[]>();

/** The keys a name matches by: its skeleton, and its skeleton without each case ending it may carry. */
export function nameKeys(name: string): string[] {
  let keys = keyCache.get(name);
  if (keys) return keys;
  const s = skeleton(name);
  keys = [s];
  // Codes with digits (AM7, FR9, EC2) and short names are matched as written.
  if (/^[a-z]{5,}$/.test(s)) {
    for (const ending of ENDINGS) {
      if (s.endsWith(ending) && s.length - ending.length >= 4) {
        const stem = s.slice(0, -ending.length);
        if (!keys.includes(stem)) keys.push(stem);
      }
    }
  }
  if (keyCache.size > 100_000) keyCache.clear();
  keyCache.set(name, keys);
  return keys;
}
