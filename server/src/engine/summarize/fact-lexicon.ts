import { fold } from '../language/fold.js';

/**
 * The words that tell which event a sentence reports and when, in the catalog's main languages, so that
 * "Equinix opened AM7 on Monday" and "Equinix hat am Montag AM7 eröffnet" are recognised as one fact without
 * a translator (docs/decisions/211). Data to extend, not a list to complete: a sentence whose event is not
 * recognised is still grouped by its figures and names, it only misses the figure-less rule.
 *
 * Entries are stems matched at the start of a word of the folded text (lower case, no accents), or
 * anywhere in the text for scripts written without spaces (CJK, Thai).
 */
const EVENT_STEMS: Record<string, string[]> = {
  open: [
    // en
    'opened',
    'opens',
    'opening',
    'to open',
    'will open',
    'launch',
    'inaugurat',
    'unveil',
    'went live',
    'goes live',
    'commissioned',
    'into service',
    'in service',
    'into operation',
    // de
    'eroffn',
    'in betrieb',
    'in gebruik',
    'käyttöön',
    'avaa',
    'avasi',
    'avattiin',
    'öppnar',
    'öppnade',
    'invigde',
    'invigning',
    'i drift',
    'åbner',
    'åbnede',
    'åpner',
    'åpnet',
    'açtı',
    'açılış',
    'hizmete',
    'eingeweiht',
    'einweih',
    // fr
    'ouvr',
    'ouvert',
    'inaugur',
    'lance',
    'lancement',
    'mis en service',
    'mise en service',
    // es, it, pt
    'abre',
    'abrio',
    'abierto',
    'apertura',
    'lanza',
    'lanzamiento',
    'apre ',
    'aperto',
    'lancia',
    'abriu',
    'aberto',
    'abertura',
    'lanca',
    'lancou',
    // nl, pl, ru
    'opent',
    'geopend',
    'lanceert',
    'otwier',
    'otwar',
    'otworz',
    'uruchom',
    'открыл',
    'открыт',
    'открыва',
    'запуст',
    // ja, zh, ko
    '開設',
    '開業',
    '開所',
    '稼働',
    '運用開始',
    'オープン',
    '开业',
    '启用',
    '投入运营',
    '开设',
    '落成',
    '개소',
    '개장',
    '가동',
    '오픈',
  ],
  build: [
    'construct',
    'breaks ground',
    'broke ground',
    'groundbreaking',
    'to build',
    'will build',
    'builds',
    'errichte',
    'baut ',
    'bauen',
    'bau ',
    'bygger',
    'bygga',
    'byggstart',
    'rakentaa',
    'rakentaminen',
    'inşa',
    'spatenstich',
    'construi',
    'construction',
    'constru',
    'costrui',
    'costruzione',
    'bouwt',
    'bouw van',
    'buduje',
    'budow',
    'строит',
    'строительств',
    '建設',
    '着工',
    '建设',
    '建造',
    '건설',
    '착공',
  ],
  invest: ['invest', 'yatırım', 'inversion', 'invierte', 'investimento', 'investe', 'inwest', 'инвест', '投資', '投じ', '投资', '투자'],
  acquire: [
    'acquir',
    'acquisition',
    'buys',
    'bought',
    'purchas',
    'takeover',
    'take over',
    'takes over',
    'ubernimmt',
    'ubernahme',
    'ubernommen',
    'kauft',
    'gekauft',
    'erwirbt',
    'erworben',
    'rachat',
    'rachete',
    'acquiert',
    'adquier',
    'adquisicion',
    'adquiriu',
    'aquisicao',
    'compra',
    'förvärv',
    'köper',
    'ostaa',
    'satın al',
    'acquisisce',
    'acquisizione',
    'overname',
    'neemt over',
    'przejm',
    'przejecie',
    'kupi',
    'покуп',
    'приобр',
    '買収',
    '收购',
    '인수',
  ],
  approve: [
    'approv',
    'permit',
    'planning permission',
    'authoris',
    'authoriz',
    'granted',
    'genehmig',
    'bewillig',
    'approuv',
    'autoris',
    'permis de construire',
    'aprueba',
    'aprobo',
    'aprobacion',
    'autoriz',
    'approva',
    'aprova',
    'goedgekeurd',
    'vergunning',
    'zatwierdz',
    'zgod',
    'одобр',
    'разреш',
    '承認',
    '許可',
    '批准',
    '许可',
    '승인',
    '허가',
  ],
  incident: [
    'outage',
    'disrupt',
    'ransomware',
    'cyberattack',
    'attack',
    'breach',
    'a fire',
    'fire broke',
    'blackout',
    'ausfall',
    'storung',
    'angriff',
    'panne',
    'attaque',
    'incendie',
    'cyberattaque',
    'caida',
    'apagon',
    'ataque',
    'incendio',
    'interruzione',
    'attacco',
    'interrupcao',
    'aanval',
    'awari',
    'atak',
    'pozar',
    'сбой',
    'атак',
    'пожар',
    '障害',
    '攻撃',
    '火災',
    '故障',
    '攻击',
    '火灾',
    '장애',
    '공격',
    '화재',
  ],
  fund: [
    'raise',
    'raised',
    'funding',
    'financing',
    'loan',
    'bond',
    'secures',
    'secured',
    'finanzier',
    'kredit',
    'financement',
    'levee de fonds',
    'financiacion',
    'prestamo',
    'recauda',
    'finanziamento',
    'financiamento',
    'financiering',
    'finansowani',
    'финансир',
    '融資',
    '资金',
    '融资',
  ],
  agree: [
    'agreement',
    'signed',
    'signs',
    'partner',
    'contract',
    'power purchase',
    'vertrag',
    'vereinbar',
    'unterzeichn',
    'accord ',
    'accords',
    'signe',
    'partenariat',
    'contrat',
    'acuerdo',
    'firmo',
    'contrato',
    'accordo',
    'contratto',
    'firmato',
    'assinou',
    'overeenkomst',
    'umow',
    'соглашени',
    'договор',
    '契約',
    '提携',
    '协议',
    '合同',
    '계약',
  ],
  extend: ['extends', 'extended', 'prolong', 'verlanger', 'verleng', 'prorrog', 'proroga', 'przedłuż', 'продл', '延長', '延长', '연장'],
  complete: [
    'completion',
    'to complete',
    'completed',
    'to close',
    'will close',
    'closing',
    'fertigstell',
    'abschluss',
    'achevement',
    'finalisation',
    'finalizacion',
    'conclusion',
    'conclusao',
    'completamento',
    'chiusura',
    'cerrara',
    'oplevering',
    'afronding',
    'zakończ',
    'завершен',
    '完成',
    '完工',
    '완공',
  ],
  available: [
    'available',
    'availability',
    'erhaltlich',
    'verfugbar',
    'disponible',
    'disponibile',
    'disponivel',
    'beschikbaar',
    'dostępn',
    'доступ',
    'tillgänglig',
    'saatavilla',
    '発売',
    '提供開始',
    '上市',
    '출시',
  ],
  close: [
    'closes',
    'closure',
    'shut down',
    'shuts down',
    'decommission',
    'schließt',
    'geschlossen',
    'stillleg',
    'ferme',
    'fermeture',
    'cierra',
    'cierre',
    'chiude',
    'chiusura',
    'fechou',
    'encerr',
    'sluit',
    'zamyk',
    'закры',
    '閉鎖',
    '关闭',
    '폐쇄',
  ],
  expand: [
    'expand',
    'expansion',
    'extension',
    'erweiter',
    'ausbau',
    'agrandi',
    'ampli',
    'espansion',
    'uitbreid',
    'rozbud',
    'расшир',
    '拡張',
    '增设',
    '扩建',
    '확장',
  ],
  appoint: [
    'appoint',
    'hires',
    'ernennt',
    'ernannt',
    'nomme',
    'nombra',
    'nomina',
    'nomeia',
    'benoemd',
    'mianowa',
    'назнач',
    '任命',
    '선임',
  ],
  fine: ['fined', 'fine of', 'penalty', 'bußgeld', 'strafe', 'amende', 'multa', 'sanzione', 'boete', 'штраф', '罰金', '罚款', '과징금'],
};

const WEEKDAYS: string[][] = [
  [
    'monday',
    'montag',
    'lundi',
    'lunes',
    'lunedi',
    'segunda-feira',
    'maandag',
    'poniedziałek',
    'понедельник',
    '月曜',
    '星期一',
    '周一',
    '월요일',
  ],
  ['tuesday', 'dienstag', 'mardi', 'martes', 'martedi', 'terca-feira', 'dinsdag', 'wtorek', 'вторник', '火曜', '星期二', '周二', '화요일'],
  [
    'wednesday',
    'mittwoch',
    'mercredi',
    'miercoles',
    'mercoledi',
    'quarta-feira',
    'woensdag',
    'sroda',
    'среду',
    'среда',
    '水曜',
    '星期三',
    '周三',
    '수요일',
  ],
  [
    'thursday',
    'donnerstag',
    'jeudi',
    'jueves',
    'giovedi',
    'quinta-feira',
    'donderdag',
    'czwartek',
    'четверг',
    '木曜',
    '星期四',
    '周四',
    '목요일',
  ],
  ['friday', 'freitag', 'vendredi', 'viernes', 'venerdi', 'sexta-feira', 'vrijdag', 'piatek', 'пятниц', '金曜', '星期五', '周五', '금요일'],
  ['saturday', 'samstag', 'samedi', 'sabado', 'sabato', 'zaterdag', 'sobota', 'суббот', '土曜', '星期六', '周六', '토요일'],
  ['sunday', 'sonntag', 'dimanche', 'domingo', 'domenica', 'zondag', 'niedziel', 'воскресен', '日曜', '星期日', '星期天', '周日', '일요일'],
];

const MONTHS: string[][] = [
  ['january', 'januar', 'janvier', 'enero', 'gennaio', 'janeiro', 'januari', 'jan'],
  ['february', 'februar', 'fevrier', 'febrero', 'febbraio', 'fevereiro', 'februari', 'feb'],
  ['march', 'marz', 'mars', 'marzo', 'marco', 'maart', 'mar'],
  ['april', 'avril', 'abril', 'aprile', 'apr'],
  ['may', 'mai', 'mayo', 'maggio', 'maio', 'mei'],
  ['june', 'juni', 'juin', 'junio', 'giugno', 'junho', 'jun'],
  ['july', 'juli', 'juillet', 'julio', 'luglio', 'julho', 'jul'],
  ['august', 'aout', 'agosto', 'augustus', 'aug'],
  ['september', 'septembre', 'septiembre', 'settembre', 'setembro', 'sep', 'sept'],
  ['october', 'oktober', 'octobre', 'octubre', 'ottobre', 'outubro', 'oct', 'okt'],
  ['november', 'novembre', 'noviembre', 'novembro', 'nov'],
  ['december', 'dezember', 'decembre', 'diciembre', 'dicembre', 'dezembro', 'dec', 'dez'],
];

/** Words that carry no statement of their own, beyond each language's function words. */
export const LOW_INFORMATION_WORDS = new Set(
  (
    'a an its their his her it they new also which who as be been were had have has is was are this that these ' +
    'on at in of to for by with from into about after than then there ' +
    'sein seine seiner ihr ihre hat haben am ins vom zum zur einen einem eines ' +
    'son sa ses leur leurs a ete les des un une de en ' +
    'su sus ha han lo las los un una de ' +
    'il lo gli ha hanno un una ' +
    'seu sua seus suas tem um uma'
  ).split(' '),
);

const NO_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * Stems looked up word by word: a stem matches a word (or run of words, "in betrieb") it starts, or
 * equals it when written with a trailing space ("baut "); stems in scripts without spaces are found
 * anywhere in the text. One pass over the words, not a scan with a long alternation.
 */
class StemIndex<T> {
  private readonly byStart = new Map<string, Array<{ words: string[]; exact: boolean; value: T }>>();
  private readonly unspaced: Array<{ stem: string; value: T }> = [];

  constructor(entries: Array<[string, T]>) {
    for (const [stem, value] of entries) {
      if (NO_SPACES.test(stem)) {
        this.unspaced.push({ stem, value });
        continue;
      }
      const words = fold(stem)
        .split(/[\s-]+/)
        .filter(Boolean);
      const key = words[0]!.slice(0, 2);
      const list = this.byStart.get(key) ?? [];
      list.push({ words, exact: /\s$/.test(stem), value });
      this.byStart.set(key, list);
    }
  }

  /** Every value whose stem occurs in the folded text (given as its words, in order). */
  find(tokens: string[], folded: string): Array<{ value: T; words: string[] }> {
    const out: Array<{ value: T; words: string[] }> = [];
    for (let i = 0; i < tokens.length; i++) {
      const entries = this.byStart.get(tokens[i]!.slice(0, 2));
      if (!entries) continue;
      for (const entry of entries)
        if (matchesAt(entry, tokens, i)) out.push({ value: entry.value, words: tokens.slice(i, i + entry.words.length) });
    }
    if (this.unspaced.length && NO_SPACES.test(folded))
      for (const { stem, value } of this.unspaced) if (folded.includes(stem)) out.push({ value, words: [] });
    return out;
  }
}

/** The stem's words at `i`: the last one as a prefix (or whole, for an exact stem), the others whole. */
function matchesAt(entry: { words: string[]; exact: boolean }, tokens: string[], i: number): boolean {
  const last = entry.words.length - 1;
  for (let k = 0; k <= last; k++) {
    const token = tokens[i + k];
    const word = entry.words[k]!;
    if (token === undefined) return false;
    if (k < last || entry.exact ? token !== word : !token.startsWith(word)) return false;
  }
  return true;
}

const QUARTERS: string[][] = [
  [
    'first quarter',
    'erste quartal',
    'ersten quartal',
    '1 quartal',
    'premier trimestre',
    'primer trimestre',
    'primo trimestre',
    'primeiro trimestre',
    'eerste kwartaal',
    '第1四半期',
    '第一季度',
  ],
  [
    'second quarter',
    'zweite quartal',
    'zweiten quartal',
    '2 quartal',
    'deuxieme trimestre',
    'segundo trimestre',
    'secondo trimestre',
    'tweede kwartaal',
    '第2四半期',
    '第二季度',
  ],
  [
    'third quarter',
    'dritte quartal',
    'dritten quartal',
    '3 quartal',
    'troisieme trimestre',
    'tercer trimestre',
    'terzo trimestre',
    'terceiro trimestre',
    'derde kwartaal',
    '第3四半期',
    '第三季度',
  ],
  [
    'fourth quarter',
    'vierte quartal',
    'vierten quartal',
    '4 quartal',
    'quatrieme trimestre',
    'cuarto trimestre',
    'quarto trimestre',
    'vierde kwartaal',
    '第4四半期',
    '第四季度',
  ],
];

/** Every stem of the lexicon, one index: a value is an event ("open") or a day ("d1", "q:2"). */
const LEXICON = new StemIndex<{ event: string } | { day: string }>([
  ...Object.entries(EVENT_STEMS).flatMap(([event, stems]) => stems.map((stem) => [stem, { event }] as [string, { event: string }])),
  ...WEEKDAYS.flatMap((names, i) => names.map((n) => [n, { day: `d${i + 1}` }] as [string, { day: string }])),
  ...QUARTERS.flatMap((names, i) => names.map((n) => [n, { day: `q:${i + 1}` }] as [string, { day: string }])),
]);
const WEEKDAY_NAMES = WEEKDAYS.flat().map((n) => fold(n));
const MONTH_INDEX = new Map(MONTHS.flatMap((names, i) => names.map((n) => [fold(n), i + 1] as const)));
const CJK_DAY = /(?<!\d)(\d{1,2})月(\d{1,2})日/gu;

/** What a sentence's words tell of its event and its date. */
export interface SentenceReading {
  /** The events it reports ("open", "acquire", ...). */
  events: Set<string>;
  /** The words that name them. */
  eventWords: string[];
  /**
   * Days it names: weekdays ("d1" = Monday), calendar days ("md:11-19": "19 November", "Nov. 19",
   * "19 de noviembre", "11月19日"), months of a year ("ym:2027-3": "March 2027", "marzo de 2027") and
   * quarters ("q:2": "second quarter", "Q2", "2. Quartal", "deuxième trimestre").
   */
  days: Set<string>;
}

/** Events and days of a sentence, from its folded words in order (one pass over the lexicon's index). */
export function readSentence(tokens: string[], folded: string): SentenceReading {
  const reading: SentenceReading = { events: new Set(), eventWords: [], days: new Set() };
  for (const hit of LEXICON.find(tokens, folded)) {
    if ('event' in hit.value) {
      reading.events.add(hit.value.event);
      reading.eventWords.push(...hit.words);
    } else reading.days.add(hit.value.day);
  }
  const days = reading.days;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.length === 2 && /^q[1-4]$/.test(token)) days.add(`q:${token[1]}`);
    const month = MONTH_INDEX.get(token);
    if (month === undefined) continue;
    const before = tokens[i - 1] === 'de' ? tokens[i - 2] : tokens[i - 1];
    const after = tokens[i + 1] === 'de' || tokens[i + 1] === 'del' ? tokens[i + 2] : tokens[i + 1];
    if (after && /^(19|20)\d\d$/.test(after)) days.add(`ym:${after}-${month}`);
    for (const day of [before, tokens[i + 1]]) {
      if (day && /^\d{1,2}$/.test(day) && Number(day) >= 1 && Number(day) <= 31) {
        days.add(`md:${month}-${Number(day)}`);
        break;
      }
    }
  }
  if (NO_SPACES.test(folded)) for (const m of folded.matchAll(CJK_DAY)) days.add(`md:${Number(m[1])}-${Number(m[2])}`);
  return reading;
}

/** Whether a (folded) word names a month in one of the lexicon's languages. */
export function isMonthName(word: string): boolean {
  return MONTH_INDEX.has(word);
}

/** Weekday and month names, which say when, not what. */
export function isDateWord(word: string): boolean {
  return MONTH_INDEX.has(word) || WEEKDAY_NAMES.some((name) => word.startsWith(name));
}
