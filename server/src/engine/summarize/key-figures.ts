import { findQuantities } from '../language/anchors.js';
import { fold } from '../language/fold.js';

/** A figure of a sentence: its normalised key, the words that state it and where they start. */
export interface Figure {
  key: string;
  raw: string;
  index: number;
}

/**
 * The figures of a sentence: the anchors' quantities (power, money, percentages, normalised across
 * languages: 40 MW = 40 Megawatt, €850 million = 850 millions d'euros) and two kinds only key figures and
 * facts need: floor area (m², sq ft, hectares, in m²) and PUE.
 */
export function figuresIn(text: string, language: string): Figure[] {
  const out: Figure[] = [];
  let from = 0;
  for (const q of findQuantities(text, language)) {
    const at = text.indexOf(q.raw, from);
    if (at >= 0) from = at + q.raw.length;
    if (at >= 0 && !currencyStated(q.key, q.raw, text.slice(Math.max(0, at - 6), at))) continue;
    // The anchors stop at the unit's shortest spelling ("Eur" of "Euro"): the words as stated run to the word's end.
    const raw = at >= 0 ? q.raw + (/^\p{L}+/u.exec(text.slice(at + q.raw.length))?.[0] ?? '') : q.raw;
    // "R$ 3 bilhões" is read as dollars by the anchors ("$" is tried before "R$"): reais.
    const key =
      q.key.startsWith('usd:') && (/^r\$/i.test(q.raw) || /r\$\s?$/i.test(text.slice(Math.max(0, at - 3), at)))
        ? `brl:${q.key.slice(4)}`
        : q.key;
    out.push({ key, raw, index: at < 0 ? 0 : at });
  }
  // Most sentences name no area and no PUE: a cheap look for their words first.
  if (AREA_HINT.test(text))
    for (const m of text.matchAll(AREA)) {
      const value = readNumber(m[1]!) * areaFactor(fold(m[2]!));
      const key = `m2:${sig3(value)}`;
      // The anchors read areas too (decision 210): a figure is stated once however many readers find it.
      if (Number.isFinite(value) && value > 0 && !out.some((f) => f.key === key)) out.push({ key, raw: m[0].trim(), index: m.index! });
    }
  if (text.includes('PUE'))
    for (const m of text.matchAll(PUE)) {
      const value = readNumber(m[1] ?? m[2]!);
      const key = `pue:${sig3(value)}`;
      if (value >= 1 && value < 4 && !out.some((f) => f.key === key)) out.push({ key, raw: m[0].trim(), index: m.index! });
    }
  return out;
}

/**
 * A currency written before a number ("EUR 500", "Rs 40") must be a word of its own: the anchors read
 * "offers 3,000 cabinets" as 3,000 rupees ("rs" ending "offers"), which a key figure must not repeat.
 */
function currencyStated(key: string, raw: string, before: string): boolean {
  if (!/^(eur|usd|gbp|jpy|inr|brl|krw):/.test(key) || /\p{Sc}|\p{L}{2,}\s*$|^\D/u.test(raw)) return true;
  return /(?:^|[^\p{L}])(?:rs\.?|eur|usd|gbp|jpy|us\$|r\$)\s?$|\p{Sc}\s?$/iu.test(before);
}

export const NUM = String.raw`\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const AREA = new RegExp(
  String.raw`(?<![\p{L}\d])(${NUM})\s?(m²|m2|sq\.?\s?m\b|square met(?:re|er)s?|sq\.?\s?ft\b|square feet|quadratmeter\w*|qm\b|mètres? carrés|metros? cuadrados|metri quadr\w*|metros? quadrados|vierkante meter|hectares?|hektar\w*|ettari|acres?)`,
  'giu',
);
const AREA_HINT = /m²|m2|sq|square|quadrat|qm|carr|cuadrad|quadr|vierkant|hect|hekt|ettari|acre/i;
const PUE = new RegExp(String.raw`\bPUE\b[^\d.!?]{0,24}(\d[.,]\d{1,2})|(\d[.,]\d{1,2})\s?PUE\b`, 'gu');

function areaFactor(unit: string): number {
  if (/^(sq\.?\s?ft|square feet)/.test(unit)) return 0.092903;
  if (/^(hect|hekt|ettari)/.test(unit)) return 10_000;
  if (/^acre/.test(unit)) return 4046.86;
  return 1;
}

/** A separator followed by exactly three digits groups thousands; another one is the decimal point. */
export function readNumber(raw: string): number {
  const compact = raw.replace(/[\u00a0\u202f ]/g, '');
  const grouped = compact.replace(/[.,](?=\d{3}(?:\D|$))/g, '');
  return Number(grouped.replace(',', '.'));
}

const sig3 = (value: number) => String(Number(value.toPrecision(3)));

const CURRENCY_NAMES: Record<string, string> = {
  eur: 'EUR',
  usd: 'USD',
  gbp: 'GBP',
  jpy: 'JPY',
  cny: 'CNY',
  krw: 'KRW',
  inr: 'INR',
  brl: 'BRL',
};

/** A figure written for the reader (in English) from its key: "mw:40" -> "40 MW", "eur:850000000" -> "EUR 850 million". */
export function formatFigure(key: string): string {
  const [kind, raw] = key.split(':') as [string, string];
  const value = Number(raw);
  switch (kind) {
    case 'mw':
      if (value >= 1000) return `${trim(value / 1000)} GW`;
      if (value < 1) return `${trim(value * 1000)} kW`;
      return `${trim(value)} MW`;
    case 'mwh':
      if (value >= 1e6) return `${trim(value / 1e6)} TWh`;
      if (value >= 1000) return `${trim(value / 1000)} GWh`;
      return `${trim(value)} MWh`;
    case 'mva':
      return `${trim(value)} MVA`;
    case 'kv':
      return `${trim(value)} kV`;
    case 'pct':
      return `${trim(value)}%`;
    case 'm2':
      return `${grouped(value)} m²`;
    case 'pue':
      return trim(value);
    default:
      return `${CURRENCY_NAMES[kind] ?? kind.toUpperCase()} ${amount(value)}`;
  }
}

function amount(value: number): string {
  if (value >= 1e9) return `${trim(value / 1e9)} billion`;
  if (value >= 1e6) return `${trim(value / 1e6)} million`;
  return grouped(value);
}

const trim = (value: number) => String(Number(value.toPrecision(4)));
/** A whole number as `Math.round(value).toLocaleString('en-US')` writes it, without ICU (decision 532). */
export function grouped(value: number): string {
  const n = Math.round(value);
  if (Number.isNaN(n)) return 'NaN';
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  if (!Number.isFinite(n)) return `${sign}∞`;
  // ICU writes the shortest digits that read back as the number, as String does, and never an exponent.
  let digits = String(Math.abs(n));
  const exponent = /^(\d)(?:\.(\d+))?e\+(\d+)$/.exec(digits);
  if (exponent) digits = (exponent[1]! + (exponent[2] ?? '')).padEnd(Number(exponent[3]) + 1, '0');
  return sign + digits.replace(/\B(?=(?:\d{3})+$)/g, ',');
}

/**
 * What a figure measures, in English, from its unit and the words nearest to it in its sentence (in the
 * sentence's language): "Capacity: 40 MW", "Power: 110 MW", "Budget: EUR 850 million", "Renewable share: 100%".
 * A unit without a telling word nearby gets its kind's plain label (Capacity, Amount, Share, Area, PUE).
 */
export function figureLabel(figure: Figure, sentence: string, language: string): string {
  const kind = figure.key.split(':')[0]!;
  const fallback = plainLabel(figure.key);
  if (kind in UNIT_LABELS || kind === 'pue' || kind === 'm2') return fallback;
  const cues = (kind === 'mw' ? POWER_CUES : kind === 'pct' ? SHARE_CUES : MONEY_CUES)[
    COMPOUNDING.has(language) ? 'inWords' : 'atWordStart'
  ];
  const folded = fold(sentence);
  // Folding keeps lengths for the scripts concerned closely enough to measure distance in the folded text.
  const at = Math.min(figure.index, folded.length);
  let best: { label: string; distance: number } | null = null;
  for (const [label, re] of cues) {
    for (const m of folded.matchAll(re)) {
      const start = m.index!;
      const end = start + m[0].length;
      // A change ("fell to 3.5%") says less about what is measured than a noun ("vacancy") further away.
      const distance =
        (start >= at + figure.raw.length ? start - (at + figure.raw.length) : end <= at ? at - end : 0) + (CHANGES.has(label) ? 60 : 0);
      if (distance <= (CHANGES.has(label) ? 120 : 60) && (!best || distance < best.distance)) best = { label, distance };
    }
  }
  return best?.label ?? fallback;
}

/** Languages that write compounds as one word ("Baukosten", "Investitionsvolumen"): longer cues match inside words. */
const COMPOUNDING = new Set(['de', 'nl', 'sv', 'da', 'no', 'nb', 'fi', 'is']);

type Cues = Record<'atWordStart' | 'inWords', Array<[string, RegExp]>>;

/** What a figure of this unit measures when no word says more (also for key figures stored before labels). */
export function plainLabel(key: string): string {
  const kind = key.split(':')[0]!;
  return (
    UNIT_LABELS[kind] ??
    (kind === 'mw' ? 'Capacity' : kind === 'pct' ? 'Share' : kind === 'm2' ? 'Area' : kind === 'pue' ? 'PUE' : 'Amount')
  );
}

/** Units that say by themselves what they measure (the anchors read them since decision 210). */
const UNIT_LABELS: Record<string, string> = { mwh: 'Energy', mva: 'Transformer rating', kv: 'Voltage' };

function cueList(entries: Record<string, string[]>): Cues {
  const build = (wordStart: boolean): Array<[string, RegExp]> =>
    Object.entries(entries).map(([label, stems]) => {
      const spaced = stems.filter((s) => !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(s));
      const unspaced = stems.filter((s) => !spaced.includes(s));
      // Inside words only the longer stems: "kosten" in "Baukosten", not "fund" in "gefunden".
      const inside = wordStart ? [] : spaced.filter((s) => s.length >= 5);
      const atStart = spaced.filter((s) => !inside.includes(s));
      const parts = [
        ...(atStart.length ? [`(?<![\\p{L}])(?:${atStart.map((s) => fold(s)).join('|')})`] : []),
        ...(inside.length ? [`(?:${inside.map((s) => fold(s)).join('|')})`] : []),
        ...(unspaced.length ? [`(?:${unspaced.join('|')})`] : []),
      ];
      return [label, new RegExp(parts.join('|'), 'gu')];
    });
  return { atWordStart: build(true), inWords: build(false) };
}

const POWER_CUES = cueList({
  'Rack density': [
    'per rack',
    'racks of',
    'rack density',
    'each rack',
    'pro rack',
    'je rack',
    'par baie',
    'par rack',
    'por rack',
    'per armadio',
    'ラックあたり',
    '每机柜',
    '랙당',
  ],
  'IT load': ['it load', 'it capacity', 'critical it', 'it-last', 'it-leistung', 'charge it', 'carga it'],
  Power: [
    'grid',
    'power supply',
    'power connection',
    'electricity',
    'substation',
    'power purchase',
    'ppa',
    'solar',
    'wind',
    'netz',
    'strom',
    'anschluss',
    'umspannwerk',
    'reseau',
    'electricite',
    'raccordement',
    'red electrica',
    'electricidad',
    'subestacion',
    'rete elettrica',
    'elettricita',
    'energia eletrica',
    'stroomnet',
    'elektriciteit',
    'sieci',
    'energii',
    '電力',
    '送電',
    '电力',
    '电网',
    '전력',
  ],
  Capacity: [
    'capacity',
    'kapazitat',
    'leistung',
    'capacite',
    'capacidad',
    'capacita',
    'capacidade',
    'capaciteit',
    'moc',
    'мощност',
    '容量',
    '规模',
    '용량',
  ],
});

const MONEY_CUES = cueList({
  Investment: ['invest', 'inversion', 'invierte', 'invertir', 'invertira', 'invertido', 'inwest', 'инвест', '投資', '投じ', '投资', '투자'],
  Budget: ['budget', 'presupuesto', 'bilancio', 'orcamento', 'haushalt', 'begroting', 'budzet', 'бюджет', '予算', '预算', '예산'],
  'Deal value': [
    'acqui',
    'takeover',
    'buy',
    'bought',
    'purchase',
    'ubernahme',
    'ubernimmt',
    'kauf',
    'rachat',
    'rachete',
    'adquisicion',
    'adquiere',
    'compra',
    'acquisizione',
    'aquisicao',
    'overname',
    'przejeci',
    'покуп',
    '買収',
    '收购',
    '인수',
  ],
  Funding: [
    'fund',
    'financing',
    'loan',
    'raise',
    'raised',
    'bond',
    'credit',
    'debt',
    'finanzier',
    'kredit',
    'financement',
    'pret',
    'levee',
    'financiacion',
    'prestamo',
    'finanziament',
    'financiamento',
    'financiering',
    'финансир',
    '融資',
    '融资',
  ],
  Revenue: [
    'revenue',
    'sales',
    'turnover',
    'umsatz',
    "chiffre d'affaires",
    'ingresos',
    'facturacion',
    'fatturato',
    'receita',
    'omzet',
    'выручк',
    '売上',
    '营收',
    '매출',
  ],
  Cost: ['cost', 'kosten', 'kostet', 'cout', 'coste', 'costo', 'custo', 'стоимост', '費用', '成本', '비용'],
  Fine: ['fine', 'fined', 'penalty', 'bußgeld', 'strafe', 'amende', 'multa', 'sanzione', 'boete', 'штраф', '罰金', '罚款', '과징금'],
  'Contract value': ['contract', 'vertrag', 'auftrag', 'contrat', 'contrato', 'contratto', 'договор', '契約', '合同', '계약'],
  Subsidy: [
    'subsid',
    'grant',
    'forderung',
    'foerder',
    'subvention',
    'subvencion',
    'sovvenzion',
    'subsidio',
    'subsidie',
    '補助',
    '补贴',
    '보조금',
  ],
});

const CHANGES = new Set(['Growth', 'Decline']);

const SHARE_CUES = cueList({
  'Renewable share': [
    'renewable',
    'green power',
    'green energy',
    'carbon-free',
    'erneuerbar',
    'okostrom',
    'renouvelable',
    'renovable',
    'rinnovabil',
    'renovave',
    'hernieuwbare',
    'odnawialn',
    'возобновля',
    '再生可能',
    '可再生',
    '재생',
  ],
  'Market share': [
    'market share',
    'marktanteil',
    'part de marche',
    'cuota de mercado',
    'quota di mercato',
    'quota de mercado',
    'marktaandeel',
    'udział w rynku',
    'доля рынка',
    '市場シェア',
    '市场份额',
    '점유율',
  ],
  Stake: [
    'stake',
    'equity',
    'beteiligung',
    'anteil',
    'participation',
    'participacion',
    'partecipazione',
    'participacao',
    'belang',
    'udział',
    'доля',
    'долю',
    'доли',
    '株式',
    '股份',
    '지분',
  ],
  Growth: [
    'growth',
    'grew',
    'grow',
    'increase',
    'rise',
    'rose',
    'up ',
    'wachstum',
    'wuchs',
    'steig',
    'gestiegen',
    'zuwachs',
    'hausse',
    'augment',
    'croissance',
    'crecimiento',
    'aument',
    'crec',
    'crescita',
    'crescimento',
    'groei',
    'stijg',
    'wzrost',
    'рост',
    '増加',
    '增长',
    '증가',
  ],
  Decline: [
    'decline',
    'fell',
    'fall',
    'drop',
    'decrease',
    'down ',
    'ruckgang',
    'gesunken',
    'sinkt',
    'sank',
    'baisse',
    'recul',
    'caida',
    'descenso',
    'calo',
    'diminu',
    'queda',
    'daling',
    'spadek',
    'сниж',
    '減少',
    '下降',
    '감소',
  ],
  Vacancy: ['vacancy', 'leerstand', 'vacance', 'disponibilidad', 'sfitto', 'vacancia', 'leegstand', 'пустующ', '空室', '空置', '공실'],
  Occupancy: [
    'occupancy',
    'utilization',
    'utilisation',
    'auslastung',
    "taux d'occupation",
    'ocupacion',
    'occupazione',
    'ocupacao',
    'bezetting',
    'загрузк',
    '稼働率',
    '利用率',
    '가동률',
  ],
});
