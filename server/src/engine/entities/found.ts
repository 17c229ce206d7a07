import { foldLetters } from '../language/fold.js';
import { isCommonWord } from '../language/names.js';
import { stopwordsOf } from '../language/terms.js';
import { conceptsIn } from '../lexicon/lexicon.js';
import type { Mention, NamedEntity } from './recognize.js';

/**
 * Names the entity list does not hold, found by what the words around them say they are (issue 26: "new names found
 * in several stories become candidate entities"): a company by its legal form (Inc, Ltd, GmbH, S.A., AB, Oy, K.K.,
 * PT, ООО, 株式会社, (주) ...), a government body by its head word (Government of X, X government, Ministry of ...,
 * Gobierno de X, Kementerian ..., ...ministerium, ... City Council), a site by its cue (Project X, proyecto X, the X
 * campus, X Data Center, a site code such as SIN01 next to a data-center word). Rules that hold across the catalog's
 * languages, not a list of names: each found name is an entity of the article (`extract.ts`), stored as a candidate
 * for the operator (`entities.service.ts`).
 */

export interface FoundEntity extends NamedEntity {
  aliases: string[];
  /** `government` for government bodies; companies found by their legal form have none. */
  role?: string;
}

export interface Found {
  entity: FoundEntity;
  start: number;
  end: number;
}

interface Word {
  raw: string;
  /** Folded, without dots. */
  key: string;
  start: number;
  end: number;
  capital: boolean;
}

const WORD_RE = /[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}&'’/.-]*[\p{L}\p{M}\p{N}])?\.?/gu;

function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD_RE)) {
    let raw = m[0];
    // A possessive ends the name ("Aragon's government").
    raw = raw.replace(/['’]s$/u, '');
    // A sentence's full stop is no part of a word, except after an abbreviation ("S.A.", "Inc.", "Co.").
    if (raw.endsWith('.') && !raw.slice(0, -1).includes('.') && raw.length > 4 && !LEGAL_AFTER.has(raw.slice(0, -1)))
      raw = raw.slice(0, -1);
    out.push({
      raw,
      key: foldLetters(raw).replace(/\./g, ''),
      start: m.index,
      end: m.index + raw.length,
      capital: /^[\p{Lu}\p{N}]/u.test(raw) || /^\p{Ll}+\p{Lu}/u.test(raw),
    });
  }
  return out;
}

/** Legal forms written after the name, as written (case and dots as the press writes them, dots optional). */
const LEGAL_AFTER = new Set(
  (
    'Inc Corp Corporation Ltd Limited LLC LLP LP PLC plc GmbH AG KG KGaA SE SA SAU SL SLU SAS SARL SpA Srl SRL NV BV AB ' +
    'ASA AS A/S ApS Oy Oyj KK Pty Bhd Berhad Tbk JSC PJSC Ltda S/A sro Kft Zrt Nyrt AŞ Co'
  ).split(' '),
);
/** Legal forms of one or two letters, or that are common words elsewhere: only with dots or after a comma. */
const LEGAL_AFTER_STRICT = new Set(['AS', 'SA', 'SE', 'AG', 'LP', 'Co', 'AB']);
/** Legal forms written before the name (Indonesian PT, Vietnamese and Russian forms in Latin letters). */
const LEGAL_BEFORE = new Set(['PT', 'CV', 'OOO', 'OAO', 'ZAO', 'PAO']);

/** Words that end a company's name and say it is one (kept in its name: "Pioneer Point Partners"). */
const COMPANY_TAIL = new Set('Group Grupo Gruppe Groupe Gruppo Holding Holdings Partners Capital Developers Properties Bank'.split(' '));

/** Words that open a government body's name: the government or council of a place. */
const GOVERNMENT_HEAD = new Set(
  (
    'government gobierno governo gouvernement govern regierung landesregierung pemerintah kerajaan regering regeringen regjeringen ' +
    'hallitus vlada rzad vlada kormany'
  ).split(' '),
);
const CITY_HEAD = new Set(
  'city municipality ayuntamiento concello ajuntament comune gemeente stadt ville municipio municipalidad kommune kommun'.split(' '),
);
/**
 * Words for a country's government named alone, that no region's government is called by ("Bundesregierung",
 * "Pemerintah", "regeringen", "hallitus", "rząd"): the government of the one country an article names. "The
 * government", "el Gobierno" are as often a region's (Aragon's, in the Spanish press): not read alone.
 */
const NATIONAL_GOVERNMENT = new Set('bundesregierung pemerintah regeringen regjeringen regeringa hallitus rzad kormany vlada'.split(' '));
/** Words that follow a place's name and make it its government or council ("Maharashtra government"). */
const GOVERNMENT_TAIL = new Set('government govt regierung'.split(' '));
/** Heads of a body's own name ("Ministry of Economy, Trade and Industry", "Kementerian Komunikasi dan Informatika"). */
const BODY_HEAD = new Set(
  (
    'ministry ministerio ministerio ministero ministere ministerie ministerium ministerstvo ministerstwo ministeriet ministerie ' +
    'kementerian kementrian department departamento agency agencia agence agenzia authority autoridad commission comision ' +
    'comissao commissione badan majlis direktorat directorate'
  ).split(' '),
);
/** Words that end a body's name ("National Fire Agency", "Johor Bahru City Council", "Morgan County Commission"). */
/** Words that end a body's name when a state's word opens it ("National Information Resources Service"). */
const STATE_BODY_TAIL = new Set('Service Office Institute Bureau Board Center Centre'.split(' '));
const STATE_WORD = /^(?:National|Federal|State|Central|Royal|Public|Supreme)$/u;
const UNIVERSITY = new Set(
  'university universidad universidade universita universite universitat universitas universiti uniwersytet univerzita universiteit'.split(
    ' ',
  ),
);
const ENGLISH_BODY_HEAD = new Set('ministry department agency authority commission directorate'.split(' '));
const BODY_TAIL = new Set(
  'Ministry Agency Authority Administration Commission Commissioners Council Committee Parliament Directorate Regulator'.split(' '),
);
/** A German or Nordic compound that is a ministry or agency ("Digitalministerium", "Bundesnetzagentur"). */
const BODY_COMPOUND = /^\p{Lu}\p{Ll}{3,}(?:ministerium|ministeriet|departementet|behörde)$/u;

/** Articles that open a sentence before a name ("Die Velmora GmbH", "El Gobierno"): never a name's first word. */
const ARTICLES = new Set('the a an die der das den dem des ein eine el la los las le les il lo gli un una het een o os'.split(' '));
/** Words joining a company's or site's name ("Banco de Sabadell", "AT&T"), between capitalised words. */
const NAME_JOINERS = new Set('of & de del da do dos das du des van von der den'.split(' '));
/** Words joining a name before a legal form ("Fortum Power and Heat Oy"). */
const LEGAL_JOINERS = new Set([...NAME_JOINERS, ...'and und og och ja et y e i en'.split(' ')]);
/** Words joining a body's name ("Ministry of Economy, Trade and Industry", "Badan Siber dan Sandi Negara"). */
const BODY_JOINERS = new Set([
  ...NAME_JOINERS,
  ...'for and the la el le di della dello delle degli für und y e i et og och dan và van'.split(' '),
]);
/** Connectors between a government's head and its place. */
const OF = new Set('of de del do da di du des von van für'.split(' '));

const PROJECT_HEAD = new Set('project projet proyecto projeto progetto projekt proiect projekti proyek'.split(' '));
const SITE_TAIL = /^(?:campus|park)$/iu;
const SITE_TAIL_TWO = /^(?:data (?:center|centre)s?)$/iu;
/**
 * A park named for what it hosts is an area projects are built in, a place ("Tan Phu Trung Industrial Park", "Saigon
 * Hi-Tech Park", "Knowledge Park"): not the project, so not the holder of a project's figures. A campus or a data
 * center park is the project, a site.
 */
const AREA_PARK = new Set(
  'industrial business technology tech hi-tech high-tech science innovation knowledge energy logistics eco-industrial enterprise research software'.split(
    ' ',
  ),
);
/** Words that open a data center's name in languages that put the noun first. */
const SITE_HEADS = ['pusat data', 'trung tam du lieu', 'centro de datos', 'centro de dados', 'centro dati', 'centre de donnees'].map((h) =>
  h.split(' '),
);
/** A site code ("SIN01", "FRA7", "SBG-4") counts only in a sentence that speaks of a data center or campus. */
const SITE_CODE = /^\p{Lu}{3}-?\d{1,2}$/u;
/**
 * A cloud region or zone as the providers name them ("us-east-1", "eu-central-2", "europe-west9", "europe-west9-a",
 * "asia-northeast3"): a site (the buildings behind it), wherever it is written, whatever the case.
 */
const CLOUD_REGION =
  /^(?:(?:us|eu|ap|sa|ca|me|af|il|mx)-(?:gov-)?(?:north|south|east|west|central|northeast|northwest|southeast|southwest)-\d{1,2}[a-f]?|(?:europe|asia|australia|northamerica|southamerica|africa|me|us)-(?:north|south|east|west|central|northeast|northwest|southeast|southwest)\d{1,2}(?:-[a-f])?)$/i;
const SITE_WORDS =
  /data ?cent|datacent|datasenter|datakeskus|rechenzentr|centros? de datos|centros? de dados|centres? de données|centr[oi] dati|campus|데이터센터|データセンター|数据中心|數據中心|pusat data|trung tâm dữ liệu|центр обработки|цод/iu;

/** Scripts without capitals: legal forms around names written in them. */
const IN_SCRIPT: Array<{ re: RegExp; group: number; role?: string }> = [
  // ООО «Яндекс», АО "Ростелеком"
  { re: /(?:ООО|АО|ПАО|ЗАО|ОАО|ТОВ|ПрАТ)\s*[«"„]([^»"“]{2,60})[»"“]/gu, group: 1 },
  // 株式会社ナントカ, ナントカ株式会社, (株)ナントカ
  { re: /(?:株式会社|\(株\)|（株）)([\p{Script=Katakana}ー・]{2,20})/gu, group: 1 },
  { re: /([\p{Script=Katakana}ー・]{2,20})(?:株式会社|\(株\)|（株）)/gu, group: 1 },
  // 국가정보자원관리원, 행정중심복합도시건설청: Korean public bodies by the word that ends their name.
  {
    re: /(?<![\p{Script=Hangul}])([\p{Script=Hangul}]{2,}(?:관리원|진흥원|연구원|위원회|공사|공단|건설청))(?=(?:에서|에게|으로|까지|부터|[은는이가을를의에와과도로])?(?:[^\p{Script=Hangul}]|$))/gu,
    group: 1,
    role: 'government',
  },
  // 한양대학교: Korean universities.
  {
    re: /(?<![\p{Script=Hangul}])([\p{Script=Hangul}]{2,}대학교)(?=(?:에서|에게|으로|까지|부터|[은는이가을를의에와과도로])?(?:[^\p{Script=Hangul}]|$))/gu,
    group: 1,
    role: 'university',
  },
  // 経済産業省, 資源エネルギー庁: Japanese ministries and agencies.
  {
    re: /(?<![\p{Script=Han}\p{Script=Katakana}ー])([\p{Script=Han}\p{Script=Katakana}ー]{2,10}(?:省|庁))(?![\p{Script=Han}])/gu,
    group: 1,
    role: 'government',
  },
  // (주)카카오, 주식회사 카카오
  {
    re: /(?:\(주\)|㈜|주식회사\s?)([\p{Script=Hangul}A-Za-z&]{2,20}?)(?=[의은는이가을를에와과로도]?(?:[^\p{Script=Hangul}A-Za-z&]|$))/gu,
    group: 1,
  },
];

/** A slug of a folded name: the found entity's id (the same name written alike in any article is one identity). */
function foundId(name: string): string {
  // Latin names folded (case, accents); other scripts as written (folding would drop kana's voicing marks).
  const folded = /\p{Script=Latin}/u.test(name) ? foldLetters(name) : name.normalize('NFC').toLowerCase();
  return (
    folded
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 70) || 'entity'
  );
}

/**
 * A site code's id: one identity however the building's number is written ("SBG-2", "SBG2", "SBG02" are one
 * building).
 */
function siteCodeId(code: string): string {
  const [, prefix, number] = /^(.*?)-?(\d+)$/u.exec(code) ?? [code, code, ''];
  return foundId(`${prefix}${number ? Number(number) : ''}`);
}

/**
 * The names a sentence introduces that `known` (its recognised mentions) does not cover. `headline`: a title in Title
 * Case capitalises every word, so only legal forms and government heads are read there.
 */
export function findNames(
  text: string,
  language: string,
  known: readonly Mention[],
  options: { headline?: boolean; lower?: ReadonlySet<string>; country?: { id: string; name: string } } = {},
): Found[] {
  const headline = options.headline ?? false;
  const lower = options.lower ?? new Set<string>();
  const ws = words(text);
  const stops = stopwordsOf(language);
  // A sentence in Title Case (a headline, or its echo as the first sentence) capitalises its common words too.
  const titleCase = isTitleCase(ws, headline);
  const out: Found[] = [];
  const companyAt = (w: Word) => known.some((m) => m.kind !== 'place' && m.start < w.end && w.start < m.end);
  const placeAt = (w: Word) => known.find((m) => m.kind === 'place' && m.start <= w.start && w.end <= m.end);
  const adjacent = (a: Word, b: Word) => /^ $/.test(text.slice(a.end, b.start));
  // A function word written with a capital inside a sentence is part of a name ("the An Khanh Data Centre").
  const stop = (w: Word, i: number) => stops.has(w.key) && (i === 0 || titleCase || !/^\p{Lu}/u.test(w.raw));
  const nameWord = (w: Word, i: number) =>
    w.capital &&
    !stop(w, i) &&
    !(i === 0 && isCommonWord(w.key)) &&
    !LEGAL_AFTER.has(w.raw.replace(/\./g, '')) &&
    // "Mumbai-based", "US-owned": an adjective, not a name's word.
    !/-\p{Ll}+$/u.test(w.raw);
  /** A word that opens a run without naming anyone: a common word, a figure, a word the article writes in lower case. */
  const weak = (w: Word, i: number) =>
    stop(w, i) ||
    isCommonWord(w.key) ||
    /^\d/.test(w.raw) ||
    (lower.has(w.key) && !stops.has(w.key)) ||
    /^\p{Lu}{1,2}$/u.test(w.raw) ||
    // A word of the field ("Hyperscale"): the lexicon's terms name kinds of things, not one.
    conceptsIn(w.raw, [language, 'en']).length > 0;

  /** The capitalised words before index `i` (with joiners between them), first index, or -1. */
  const runBefore = (i: number, options: { comma?: boolean; joiners?: ReadonlySet<string>; trim?: boolean } = {}): number => {
    const joiners = options.joiners ?? NAME_JOINERS;
    let first = -1;
    for (let k = i - 1; k >= 0; k--) {
      const w = ws[k]!;
      if (!adjacent(w, ws[k + 1]!) && !(options.comma && k === i - 1 && text.slice(w.end, ws[k + 1]!.start) === ', ')) break;
      if (nameWord(w, k) && !joiners.has(w.key)) {
        first = k;
        continue;
      }
      if (joiners.has(w.key) && first === k + 1 && k > 0 && nameWord(ws[k - 1]!, k - 1) && adjacent(ws[k - 1]!, w)) continue;
      break;
    }
    if (first < 0) return -1;
    // A sentence's first word is a name only if it is no function word ("The", "Die", "El"); a run opens with a name.
    while (
      first < i &&
      (stop(ws[first]!, first) ||
        (first === 0 && ARTICLES.has(ws[first]!.key)) ||
        joiners.has(ws[first]!.key) ||
        isCommonWord(ws[first]!.key) ||
        (options.trim && weak(ws[first]!, first)))
    )
      first++;
    return first >= i ? -1 : first;
  };
  /** The capitalised words from index `i` on (with joiners between them, commas before another in a body's name), last index, or -1. */
  const runAfter = (i: number, max: number, body = false): number => {
    const joiners = body ? BODY_JOINERS : NAME_JOINERS;
    let last = -1;
    for (let k = i; k < ws.length && k - i < max; k++) {
      const w = ws[k]!;
      const gap = k > i ? text.slice(ws[k - 1]!.end, w.start) : ' ';
      if (gap !== ' ' && !(body && gap === ', ' && w.capital && last === k - 1)) break;
      // Another body's head starts another name ("Direktorat Jenderal Imigrasi Kementerian Hukum ...").
      if (body && k > i && BODY_HEAD.has(w.key)) break;
      if (w.capital && !stop(w, k) && !joiners.has(w.key) && !/-\p{Ll}+$/u.test(w.raw)) {
        last = k;
        continue;
      }
      if (joiners.has(w.key) && last === k - 1 && last >= i) continue;
      break;
    }
    return last;
  };
  /** Whether the words a..b-1 are places and joiners only ("Frankfurt data center" is no name of its own). */
  const onlyPlaces = (a: number, b: number) => ws.slice(a, b).every((x) => placeAt(x) || NAME_JOINERS.has(x.key));
  const span = (a: number, b: number) => text.slice(ws[a]!.start, ws[b]!.end);
  const push = (entity: FoundEntity, a: number, b: number) => {
    if (ws.slice(a, b + 1).some(companyAt)) return;
    out.push({ entity, start: ws[a]!.start, end: ws[b]!.end });
  };

  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const plain = w.raw.replace(/\.$/, '');
    const bare = plain.replace(/\./g, '');
    // 1. A legal form after a name: "CMC Corporation", "Tuike Finland Oy", "Acme Holdings, Inc."
    if (LEGAL_AFTER.has(bare) || LEGAL_AFTER.has(plain)) {
      const strict = LEGAL_AFTER_STRICT.has(bare) && !plain.includes('.');
      const gap = i > 0 ? text.slice(ws[i - 1]!.end, w.start) : '';
      const comma = gap === ', ';
      if (strict && !comma) continue;
      if (!(gap === ' ' || comma)) continue;
      const first = runBefore(i, { comma, joiners: LEGAL_JOINERS });
      if (first < 0) continue;
      const base = span(first, i - 1);
      if (base.length < 2 || !/^\p{L}/u.test(base) || (first === i - 1 && isCommonWord(ws[first]!.key))) continue;
      push({ id: foundId(base), kind: 'company', name: span(first, i), aliases: [base] }, first, i);
      continue;
    }
    // 2. A legal form before a name: "PT Taman Resor Internet".
    if (LEGAL_BEFORE.has(w.raw) && !titleCase && i + 1 < ws.length && adjacent(w, ws[i + 1]!)) {
      const last = runAfter(i + 1, 6);
      if (last < 0) continue;
      const base = span(i + 1, last);
      push({ id: foundId(base), kind: 'company', name: `${w.raw} ${base}`, aliases: [base] }, i, last);
      i = last;
      continue;
    }
    // 3. A government of a place: "Government of Aragon", "Gobierno de Aragón", "Pemerintah Indonesia".
    if ((GOVERNMENT_HEAD.has(w.key) || (CITY_HEAD.has(w.key) && w.capital && !germanTownAsPlace(ws, i, language))) && i + 1 < ws.length) {
      const of = OF.has(ws[i + 1]!.key) ? 1 : 0;
      const at = ws[i + 1 + of];
      const place = at && adjacent(ws[i + of]!, at) ? placeAt(at) : undefined;
      if (place) {
        const last = ws.findLastIndex((x) => x.end <= place.end);
        const city = CITY_HEAD.has(w.key);
        push(placeBody(place.id, city, span(i, last), span(i + 1 + of, last)), i, last);
        i = last;
        continue;
      }
    }
    // 3b. The government, named alone, of the one country the article names: "Pemerintah", "die Bundesregierung",
    // "regeringen".
    if (options.country && NATIONAL_GOVERNMENT.has(w.key)) {
      const next = ws[i + 1];
      const ofPlace = next && (OF.has(next.key) || placeAt(next)) && adjacent(w, next);
      if (!ofPlace && !placeAt(w) && !(i > 0 && placeAt(ws[i - 1]!))) {
        push(placeBody(options.country.id, false, w.raw, options.country.name), i, i);
        continue;
      }
    }
    // 4. A place's government or council: "Maharashtra government", "Aragon's regional government".
    if (GOVERNMENT_TAIL.has(w.key) && i > 0) {
      let k = i - 1;
      if (/^(?:regional|state|federal|provincial|local|central|national|city|municipal)$/i.test(ws[k]!.raw) && k > 0) k--;
      const place = placeAt(ws[k]!);
      if (place && /^(?: |['’]s )$/.test(text.slice(ws[k]!.end, ws[k + 1]!.start))) {
        const first = ws.findIndex((x) => x.start >= place.start);
        push(placeBody(place.id, false, span(first, i), span(first, k)), first, i);
        continue;
      }
    }
    if (titleCase) continue;
    // 5. A body's own name: "Ministry of Economy, Trade and Industry", "Kementerian Kominfo", "Digitalministerium".
    if (w.capital && BODY_HEAD.has(w.key)) {
      // English heads name a body with "of" or "for" ("Ministry of ...", "Agency for ..."); others also by apposition.
      const of = i + 1 < ws.length && OF.has(ws[i + 1]!.key) && adjacent(w, ws[i + 1]!) ? runAfter(i + 2, 8, true) : -1;
      const last = ENGLISH_BODY_HEAD.has(w.key) || !ws[i + 1] || !adjacent(w, ws[i + 1]!) ? -1 : runAfter(i + 1, 8, true);
      const end = Math.max(last, of);
      if (end > i) {
        push({ id: foundId(span(i, end)), kind: 'company', role: 'government', name: span(i, end), aliases: [] }, i, end);
        i = end;
        continue;
      }
    }
    if (BODY_COMPOUND.test(w.raw)) {
      push({ id: foundId(w.raw), kind: 'company', role: 'government', name: w.raw, aliases: [] }, i, i);
      continue;
    }
    if ((BODY_TAIL.has(w.raw) || STATE_BODY_TAIL.has(w.raw)) && i > 0) {
      let first = runBefore(i, { joiners: BODY_JOINERS });
      // "National Information Resources Service": a service or office is a body when the state's word opens its name.
      if (!BODY_TAIL.has(w.raw) && first >= 0 && !STATE_WORD.test(ws[first]!.raw)) first = -1;
      if (first >= 0 && first < i) {
        push({ id: foundId(span(first, i)), kind: 'company', role: 'government', name: span(first, i), aliases: [] }, first, i);
        continue;
      }
    }
    // 5b. A university: "Hanyang University", "University of Michigan", "Universitat Autònoma de Barcelona".
    if (w.capital && UNIVERSITY.has(w.key)) {
      const of = ws[i + 1] && OF.has(ws[i + 1]!.key) && adjacent(w, ws[i + 1]!) ? runAfter(i + 2, 6, true) : -1;
      const apposition = w.key !== 'university' && ws[i + 1] && adjacent(w, ws[i + 1]!) ? runAfter(i + 1, 6, true) : -1;
      const before = runBefore(i, { joiners: BODY_JOINERS });
      const first = before >= 0 ? before : i;
      const last = Math.max(of, apposition, i);
      if (first < i || last > i) {
        push({ id: foundId(span(first, last)), kind: 'company', role: 'university', name: span(first, last), aliases: [] }, first, last);
        i = last;
        continue;
      }
    }
    // 6. A company by the word that ends its name: "Pioneer Point Partners", "Nofar Energy Group".
    if (COMPANY_TAIL.has(w.raw) && i > 0) {
      const first = runBefore(i, { trim: true });
      if ((first > 0 || (first === 0 && i > 1)) && !onlyPlaces(first, i)) {
        const base = span(first, i - 1);
        push({ id: foundId(base), kind: 'company', name: span(first, i), aliases: [base] }, first, i);
        continue;
      }
    }
    // 7. A named project: "Project Rodes", "proyecto Rodes", "the Rodes Project".
    if (PROJECT_HEAD.has(w.key)) {
      const last = ws[i + 1] && adjacent(w, ws[i + 1]!) ? runAfter(i + 1, 3) : -1;
      if (last > i && !weak(ws[i + 1]!, i + 1) && !ws.slice(i + 1, last + 1).some((x) => placeAt(x))) {
        const name = span(i + 1, last);
        push({ id: foundId(name), kind: 'site', name, aliases: [span(i, last)] }, i, last);
        i = last;
        continue;
      }
      if (w.capital && i > 0) {
        const first = runBefore(i, { trim: true });
        if ((first > 0 || (first === 0 && i > 1)) && !ws.slice(first, i).some((x) => placeAt(x))) {
          const name = span(first, i - 1);
          push({ id: foundId(name), kind: 'site', name, aliases: [span(first, i)] }, first, i);
          continue;
        }
      }
    }
    // 8. A named campus or data center: "the Hepokorpi campus", "Tan Phu Trung Data Center".
    const two = i + 1 < ws.length ? `${w.raw} ${ws[i + 1]!.raw.replace(/\.$/, '')}` : '';
    const tail = SITE_TAIL.test(plain) ? 0 : SITE_TAIL_TWO.test(two) ? 1 : -1;
    if (tail >= 0 && i > 0) {
      const first = runBefore(i, { trim: true });
      // A sentence's first word alone is no name ("Leading data centre opens").
      // After a quoted name, the quotes hold the name (“Petra” Business Park), not the capitalised words.
      const quoted = first > 0 && /["”»']\s*$/u.test(text.slice(0, ws[first]!.start));
      if ((first > 0 || (first === 0 && i > 1)) && !quoted && !onlyPlaces(first, i)) {
        const name = span(first, i + tail);
        const area = tail === 0 && /^park$/iu.test(plain) && AREA_PARK.has(ws[i - 1]!.key.toLowerCase());
        push({ id: foundId(name), ...(area ? { kind: 'place', level: 'city' } : { kind: 'site' }), name, aliases: [] }, first, i + tail);
        i += tail;
        continue;
      }
    }
    // 9. A data center named after its head word, as Romance, Indonesian and Vietnamese write it ("Pusat Data Nasional").
    const head = SITE_HEADS.find((h) =>
      h.every((word, k) => ws[i + k]?.key.toLowerCase() === word && (k === 0 || adjacent(ws[i + k - 1]!, ws[i + k]!))),
    );
    if (head && i + head.length < ws.length && adjacent(ws[i + head.length - 1]!, ws[i + head.length]!)) {
      const last = runAfter(i + head.length, 4);
      if (last >= 0 && !weak(ws[i + head.length]!, i + head.length) && !onlyPlaces(i + head.length, last + 1)) {
        push({ id: foundId(span(i, last)), kind: 'site', name: span(i, last), aliases: [] }, i, last);
        i = last;
        continue;
      }
    }
    // 10. A site code next to a data-center word: "SIN01", "FRA7"; a cloud region or zone: "europe-west9-a".
    if (CLOUD_REGION.test(w.raw)) {
      push({ id: foundId(w.raw), kind: 'site', name: w.raw.toLowerCase(), aliases: [] }, i, i);
      continue;
    }
    if (SITE_CODE.test(w.raw) && !isCommonWord(w.key.replace(/[\d-]+$/, '')) && SITE_WORDS.test(text))
      push({ id: siteCodeId(w.raw), kind: 'site', name: w.raw, aliases: [] }, i, i);
  }
  for (const { re, group, role } of IN_SCRIPT)
    for (const m of text.matchAll(re)) {
      const name = m[group]!.trim();
      const start = m.index + m[0].indexOf(name);
      if (known.some((k) => k.kind !== 'place' && k.start < start + name.length && start < k.end)) continue;
      out.push({
        entity: { id: foundId(name), kind: 'company', ...(role ? { role } : {}), name, aliases: [] },
        start,
        end: start + name.length,
      });
    }
  // An acronym in parentheses after a found name is its short form: "Badan Siber dan Sandi Negara (BSSN)".
  for (const f of out) {
    const acronym = /^ ?\((\p{Lu}[\p{Lu}\d&]{1,7})\)/u.exec(text.slice(f.end))?.[1];
    if (acronym && !f.entity.aliases.includes(acronym)) f.entity.aliases.push(acronym);
  }
  // A name inside a longer one found on the same words is part of it ("Quorvane Holdings" in "Quorvane Holdings Ltd").
  return out.filter((f) => !out.some((g) => g !== f && g.start <= f.start && f.end <= g.end && g.end - g.start > f.end - f.start));
}

/**
 * German capitalises "Stadt" as every noun: "die Stadt Hanau" is the city's administration as an actor, but "in der
 * (benachbarten) Stadt Hanau", "nach der Stadt ..." is the town as a place (a preposition before it, an article and
 * an adjective between).
 */
function germanTownAsPlace(ws: readonly Word[], i: number, language: string): boolean {
  if (language !== 'de') return false;
  for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
    const key = ws[k]!.key;
    if (GERMAN_PLACE_PREPOSITIONS.has(key)) return true;
    if (ws[k]!.capital) return false;
  }
  return false;
}
const GERMAN_PLACE_PREPOSITIONS = new Set('in im nach aus bei beim nahe neben zwischen um'.split(' '));

/** The government (or city council) of a place, one identity per place whatever the language. */
function placeBody(placeId: string, city: boolean, asWritten: string, placeName: string): FoundEntity {
  return {
    id: `${placeId}-${city ? 'city' : 'government'}`,
    kind: 'company',
    role: 'government',
    name: city ? `City of ${placeName}` : `Government of ${placeName}`,
    aliases: [asWritten, city ? `${placeName} city` : `${placeName} government`],
  };
}

/**
 * Site codes written as a series in one article that speaks of a data center ("SBG1", "SBG2", "SBG-3": the numbered
 * buildings of one campus): each is a site, also in sentences with no data-center word ("Le feu a détruit SBG2"). One
 * code alone stays a site only next to a data-center word (`findNames`, rule 10): "HBM3" is a memory.
 */
export function siteCodeSeries(texts: readonly string[]): FoundEntity[] {
  if (!texts.some((t) => SITE_WORDS.test(t))) return [];
  const byPrefix = new Map<string, Map<string, string>>();
  for (const text of texts)
    for (const w of words(text)) {
      if (!SITE_CODE.test(w.raw)) continue;
      const prefix = w.raw.replace(/-?\d+$/, '');
      if (isCommonWord(prefix.toLowerCase())) continue;
      const number = String(Number(w.raw.slice(prefix.length).replace('-', '')));
      const codes = byPrefix.get(prefix) ?? byPrefix.set(prefix, new Map()).get(prefix)!;
      if (!codes.has(number)) codes.set(number, w.raw);
    }
  return [...byPrefix.values()]
    .filter((codes) => codes.size >= 2)
    .flatMap((codes) => [...codes.values()].map((raw) => ({ id: siteCodeId(raw), kind: 'site' as const, name: raw, aliases: [] })));
}

function isTitleCase(ws: Word[], headline: boolean): boolean {
  const long = ws.filter((w) => /^\p{Script=Latin}{4,}$/u.test(w.raw));
  // A body sentence with a long name ("The Ministry of Economy, Trade and Industry said") is no headline's echo.
  const [words, share] = headline ? [4, 0.7] : [6, 0.9];
  return long.length >= words && long.filter((w) => /^\p{Lu}/u.test(w.raw)).length / long.length >= share;
}
