import { extractEntities } from '../dedupe/anchors.js';
import { fold } from '../dedupe/gazetteer.js';

export type Rejection =
  'question' | 'exclamation' | 'quote' | 'first-person' | 'opinion' | 'speculation' | 'marketing' | 'length' | 'no-fact';

export interface SentenceVerdict {
  keep: boolean;
  reason?: Rejection;
  /** Which word or phrase decided it, for the operator and the tests. */
  marker?: string;
}

type Lexicon = Partial<Record<'opinion' | 'speculation' | 'marketing' | 'first-person', string[]>>;

/**
 * Words and phrases that mark a sentence as opinion, speculation, marketing or the writer's own voice,
 * per language (folded: lower case, no accents). A sentence with any of them never reaches a summary.
 */
const LEXICONS: Record<string, Lexicon> = {
  en: {
    opinion: [
      'opinion',
      'column',
      'commentary',
      'editorial',
      'op-ed',
      'i think',
      'i believe',
      'we believe',
      'in my view',
      'in our view',
      'in my opinion',
      'should',
      'ought to',
      'arguably',
      'clearly',
      'obviously',
      'surely',
      'unfortunately',
      'fortunately',
      'sadly',
      'hopefully',
      'frankly',
      'remarkable',
      'impressive',
      'disappointing',
      'worrying',
      'alarming',
      'brilliant',
      'terrible',
      'amazing',
      'incredible',
      'exciting',
      'it is time',
      "it's time",
      'needs to',
      'need to',
      'mistake',
      'foolish',
      'wise',
      'must not',
      'overhyped',
      'hype',
    ],
    speculation: [
      'may',
      'might',
      'could',
      'would',
      'likely',
      'unlikely',
      'probably',
      'possibly',
      'perhaps',
      'maybe',
      'rumor',
      'rumour',
      'rumored',
      'rumoured',
      'speculat',
      'reportedly',
      'allegedly',
      'expected to',
      'appears to',
      'seems',
      'potentially',
      'predict',
      'bet that',
      'if so',
    ],
    marketing: [
      'world-class',
      'world class',
      'industry-leading',
      'industry leading',
      'best-in-class',
      'cutting-edge',
      'state-of-the-art',
      'leading provider',
      'a leader in',
      'revolutionary',
      'game-changing',
      'game changer',
      'unparalleled',
      'unmatched',
      'seamless',
      'innovative',
      'premier',
      'trusted partner',
      'excited to',
      'thrilled',
      'delighted',
      'proud to',
      'pleased to',
      'passionate',
      'empower',
      'unlock',
      'one-stop',
      'best-of-breed',
      'visionary',
    ],
    'first-person': ['i', 'we', 'our', 'my', 'me', 'us'],
  },
  de: {
    opinion: [
      'ich denke',
      'ich glaube',
      'meiner meinung',
      'wir glauben',
      'sollte',
      'sollten',
      'musste',
      'leider',
      'hoffentlich',
      'zweifellos',
      'offensichtlich',
      'kommentar',
      'erstaunlich',
      'enttauschend',
    ],
    speculation: [
      'konnte',
      'konnten',
      'durfte',
      'durften',
      'vielleicht',
      'moglicherweise',
      'wahrscheinlich',
      'vermutlich',
      'angeblich',
      'geruchte',
      'spekul',
      'soll ',
      'sollen ',
    ],
    marketing: [
      'weltweit fuhrend',
      'fuhrender anbieter',
      'marktfuhrer',
      'innovativ',
      'revolutionar',
      'stolz',
      'freuen uns',
      'begeistert',
      'erstklassig',
      'einzigartig',
      'nahtlos',
      'bahnbrechend',
    ],
    'first-person': ['ich', 'wir', 'unser', 'unsere', 'unseren', 'mein'],
  },
  fr: {
    opinion: [
      'je pense',
      'a mon avis',
      'selon moi',
      'nous croyons',
      'devrait',
      'devraient',
      'il faut',
      'malheureusement',
      'heureusement',
      'evidemment',
      'editorial',
      'tribune',
      'formidable',
      'decevant',
    ],
    speculation: [
      'pourrait',
      'pourraient',
      'peut-etre',
      'probablement',
      'sans doute',
      'rumeur',
      'serait',
      'seraient',
      'aurait',
      'auraient',
      'vraisemblablement',
      'specul',
    ],
    marketing: [
      'leader mondial',
      'de pointe',
      'revolutionnaire',
      'innovant',
      'innovante',
      'fiers',
      'ravis',
      'inegale',
      'sans pareil',
      'de premier plan',
    ],
    'first-person': ['je', 'nous', 'notre', 'nos', 'mon', 'ma'],
  },
  es: {
    opinion: [
      'creo que',
      'en mi opinion',
      'pienso',
      'deberia',
      'deberian',
      'hay que',
      'lamentablemente',
      'afortunadamente',
      'evidentemente',
      'increible',
      'decepcionante',
    ],
    speculation: ['podria', 'podrian', 'quizas', 'quiza', 'tal vez', 'probablemente', 'posiblemente', 'rumor', 'supuestamente', 'especul'],
    marketing: [
      'lider mundial',
      'de vanguardia',
      'revolucionario',
      'innovador',
      'innovadora',
      'orgullosos',
      'encantados',
      'inigualable',
      'de primer nivel',
    ],
    'first-person': ['yo', 'nosotros', 'nuestro', 'nuestra', 'nuestros', 'mi'],
  },
  it: {
    opinion: [
      'penso',
      'secondo me',
      'a mio avviso',
      'crediamo',
      'dovrebbe',
      'dovrebbero',
      'purtroppo',
      'fortunatamente',
      'ovviamente',
      'incredibile',
      'deludente',
    ],
    speculation: ['potrebbe', 'potrebbero', 'forse', 'probabilmente', 'indiscrezion', 'voci', 'sembra', 'specul'],
    marketing: [
      'leader mondiale',
      "all'avanguardia",
      'rivoluzionario',
      'innovativo',
      'innovativa',
      'orgogliosi',
      'entusiasti',
      'senza pari',
    ],
    'first-person': ['io', 'noi', 'nostro', 'nostra', 'nostri'],
  },
  pt: {
    opinion: [
      'acho que',
      'na minha opiniao',
      'acredito',
      'acreditamos',
      'deveria',
      'deveriam',
      'infelizmente',
      'felizmente',
      'obviamente',
      'incrivel',
      'decepcionante',
    ],
    speculation: ['poderia', 'poderiam', 'talvez', 'provavelmente', 'possivelmente', 'rumores', 'supostamente', 'especul'],
    marketing: ['lider mundial', 'de ponta', 'revolucionario', 'inovador', 'inovadora', 'orgulhosos', 'sem igual'],
    'first-person': ['eu', 'nos', 'nosso', 'nossa', 'nossos'],
  },
  nl: {
    opinion: [
      'ik denk',
      'naar mijn mening',
      'volgens mij',
      'wij geloven',
      'zou moeten',
      'helaas',
      'gelukkig',
      'uiteraard',
      'teleurstellend',
    ],
    speculation: ['zou kunnen', 'misschien', 'waarschijnlijk', 'mogelijk', 'geruchten', 'vermoedelijk', 'speculat'],
    marketing: ['toonaangevend', 'baanbrekend', 'innovatief', 'innovatieve', 'trots', 'marktleider'],
    'first-person': ['ik', 'wij', 'we', 'ons', 'onze'],
  },
  pl: {
    opinion: ['mysle', 'moim zdaniem', 'uwazam', 'powinien', 'powinna', 'powinno', 'powinny', 'niestety', 'na szczescie', 'oczywiscie'],
    speculation: ['moze', 'moglby', 'moglaby', 'prawdopodobnie', 'byc moze', 'podobno', 'plotki', 'spekul'],
    marketing: ['wiodacy', 'wiodaca', 'innowacyjny', 'innowacyjna', 'rewolucyjny', 'dumni'],
    'first-person': ['ja', 'my', 'nasz', 'nasza', 'nasze'],
  },
  ru: {
    opinion: ['я думаю', 'по моему мнению', 'считаю', 'должен', 'должны', 'следует', 'к сожалению', 'к счастью', 'очевидно'],
    speculation: ['может', 'могут', 'возможно', 'вероятно', 'наверное', 'якобы', 'слухи', 'по слухам'],
    marketing: ['ведущии', 'инновационн', 'революционн', 'гордимся', 'уникальн'],
    'first-person': ['я', 'мы', 'наш', 'наша', 'наши'],
  },
  ja: {
    opinion: ['と思う', 'と思います', 'べきだ', 'べきである', '残念', '素晴らしい', '私見'],
    speculation: ['だろう', 'でしょう', 'かもしれない', 'かもしれません', 'おそらく', '可能性がある', '噂', '見込み', '模様'],
    marketing: ['業界をリード', '最先端', '画期的', '革新的', '業界最高'],
    'first-person': ['私', '我々', '私たち'],
  },
  zh: {
    opinion: ['我认为', '我们认为', '应该', '遗憾', '令人失望', '令人兴奋'],
    speculation: ['可能', '也许', '或许', '大概', '据传', '传闻', '预计'],
    marketing: ['领先的', '一流', '最先进', '革命性', '卓越'],
    'first-person': ['我们', '我'],
  },
  ko: {
    opinion: ['생각한다', '해야 한다', '유감'],
    speculation: ['아마', '가능성', '소문', '전망이다', '것으로 보인다'],
    marketing: ['선도적인', '최고의', '혁신적인'],
    'first-person': ['우리'],
  },
};

/** Languages written without spaces: markers are found as substrings, not words. */
const UNSPACED = new Set(['ja', 'zh', 'th', 'ko']);

interface Marker {
  reason: Rejection;
  marker: string;
  /** Tested on the folded sentence, or on the raw one where case decides ("US" is a country, "us" a pronoun). */
  re: RegExp | null;
  raw: boolean;
}

const compiled = new Map<string, Marker[]>();
/** Words whose meaning depends on case: the pronoun or modal only in lower case ("May 2027", "US"). */
const LOWER_ONLY = new Set(['us', 'may', 'my', 'me']);
const STEMS = /^(speculat|spekul|specul|especul|predict|inkovac|инновационн|революционн|уникальн)/;

function markersFor(language: string): Marker[] {
  let list = compiled.get(language);
  if (list) return list;
  const lex = LEXICONS[language] ?? {};
  list = [];
  for (const reason of ['opinion', 'speculation', 'marketing', 'first-person'] as const) {
    for (const phrase of lex[reason] ?? []) {
      const marker = phrase.trim();
      if (UNSPACED.has(language)) {
        list.push({ reason, marker, re: null, raw: false });
        continue;
      }
      const end = phrase.endsWith(' ') || STEMS.test(marker) ? '' : '(?![\\p{L}\\p{N}])';
      const caseSensitive = reason === 'first-person' || LOWER_ONLY.has(marker);
      if (caseSensitive) {
        const forms = marker === 'i' ? ['I'] : LOWER_ONLY.has(marker) ? [marker] : [marker, marker[0]!.toUpperCase() + marker.slice(1)];
        list.push({ reason, marker, re: new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${forms.map(escape).join('|')})${end}`, 'u'), raw: true });
      } else {
        list.push({ reason, marker, re: new RegExp(`(?:^|[^\\p{L}\\p{N}])${escape(fold(marker))}${end}`, 'u'), raw: false });
      }
    }
  }
  compiled.set(language, list);
  return list;
}

const combinedCache = new Map<string, { folded: RegExp | null; raw: RegExp | null; substrings: string[] }>();

function combinedFor(language: string) {
  let c = combinedCache.get(language);
  if (!c) {
    const markers = markersFor(language);
    const join = (list: Marker[]) => (list.length ? new RegExp(list.map((m) => `(?:${m.re!.source})`).join('|'), 'u') : null);
    c = {
      folded: join(markers.filter((m) => m.re && !m.raw)),
      raw: join(markers.filter((m) => m.re && m.raw)),
      substrings: markers.filter((m) => !m.re).map((m) => fold(m.marker)),
    };
    combinedCache.set(language, c);
  }
  return c;
}

const QUOTE = /[“”„«»「」『』]|(?:^|\s)"[^"]{12,}"/u;

/**
 * Keeps a sentence only if it states a fact: no question, no exclamation, no quoted voice, no first person,
 * no opinion, speculation or marketing marker, and at least one checkable anchor (a number, a name, a date).
 * Languages without a lexicon are still judged on punctuation, quotes and anchors; English markers are
 * checked too, since trade press everywhere quotes English marketing copy.
 */
export function judgeSentence(sentence: string, language: string): SentenceVerdict {
  const text = sentence.trim();
  if (/[?？¿؟]/u.test(text)) return { keep: false, reason: 'question', marker: '?' };
  if (/[!！¡]/u.test(text)) return { keep: false, reason: 'exclamation', marker: '!' };
  if (QUOTE.test(text)) return { keep: false, reason: 'quote', marker: 'quotation' };
  const units = UNSPACED.has(language) ? [...text.replace(/\s+/g, '')].length / 2 : text.split(/\s+/).length;
  if (units < 6 || units > 70) return { keep: false, reason: 'length' };
  const folded = fold(text);
  for (const lang of language === 'en' ? ['en'] : [language, 'en']) {
    const combined = combinedFor(lang);
    // One combined test per language answers "no marker" for most sentences; only a hit is looked up marker by marker.
    if (!combined.folded?.test(folded) && !combined.raw?.test(text) && !combined.substrings.some((m) => folded.includes(m))) continue;
    for (const m of markersFor(lang)) {
      if (lang === 'en' && language !== 'en' && m.reason === 'first-person') continue;
      const hit = m.re ? m.re.test(m.raw ? text : folded) : folded.includes(fold(m.marker));
      if (hit) return { keep: false, reason: m.reason, marker: m.marker };
    }
  }
  // A fact names someone or something, or counts: a number, or a name that is not a generic acronym ("AI").
  if (!/\d/.test(text) && extractEntities(text, language).size === 0) {
    return { keep: false, reason: 'no-fact' };
  }
  return { keep: true };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
