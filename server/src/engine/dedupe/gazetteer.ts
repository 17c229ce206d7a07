/**
 * Names that change spelling or script between languages, folded to one key, so that a story told in
 * Japanese, German and Portuguese still shares "where" and "who" without any translation service.
 * Only names that matter in data-center news and that really vary are listed; everything else is matched
 * as written (brand names mostly survive translation unchanged).
 */
const foldCache = new Map<string, string>();

const ALIASES: Record<string, string[]> = {
  frankfurt: [
    'frankfurt',
    'francfort',
    'fráncfort',
    'francoforte',
    'frankfurcie',
    'frankfurtu',
    'フランクフルト',
    '法兰克福',
    '프랑크푸르트',
    'франкфурт',
    'франкфурте',
    'فرانكفورت',
  ],
  london: ['london', 'londres', 'londra', 'londen', 'londyn', 'londýn', 'ロンドン', '伦敦', '런던', 'лондон', 'лондоне', 'لندن'],
  paris: ['paris', 'parigi', 'paryż', 'paryżu', 'パリ', '巴黎', '파리', 'париж', 'париже', 'باريس'],
  amsterdam: [
    'amsterdam',
    'amsterdamie',
    'amsterdamem',
    'amsterdamu',
    'amsterdã',
    'ámsterdam',
    'アムステルダム',
    '阿姆斯特丹',
    '암스테르담',
    'амстердам',
    'амстердаме',
  ],
  dublin: ['dublin', 'dublín', 'dublino', 'dublinie', 'ダブリン', '都柏林', '더블린', 'дублин', 'дублине'],
  tokyo: ['tokyo', 'tokio', 'tóquio', 'tokyu', '東京', '东京', '도쿄', 'токио'],
  osaka: ['osaka', '大阪', '오사카', 'осака'],
  singapore: ['singapore', 'singapur', 'singapour', 'singapura', 'cingapura', 'シンガポール', '新加坡', '싱가포르', 'сингапур', 'سنغافورة'],
  seoul: ['seoul', 'séoul', 'seúl', 'seul', 'ソウル', '首尔', '서울', 'сеул'],
  mumbai: ['mumbai', 'bombay', 'ムンバイ', '孟买', '뭄바이', 'мумбаи', 'मुंबई'],
  johannesburg: ['johannesburg', 'johannesburgo', 'joanesburgo', 'ヨハネスブルグ', '约翰内斯堡', 'йоханнесбург'],
  saopaulo: ['são paulo', 'sao paulo', 'san paolo', 'サンパウロ', '圣保罗', 'сан-паулу'],
  madrid: ['madrid', 'madryt', 'マドリード', '马德里', 'мадрид'],
  milan: ['milan', 'milano', 'milán', 'mailand', 'mediolan', 'ミラノ', '米兰', 'милан'],
  warsaw: ['warsaw', 'warszawa', 'warszawie', 'warschau', 'varsovie', 'varsovia', 'varsavia', 'ワルシャワ', '华沙', 'варшава'],
  stockholm: ['stockholm', 'estocolmo', 'stoccolma', 'sztokholm', 'ストックホルム', '斯德哥尔摩', 'стокгольм'],
  virginia: ['virginia', 'virginie', 'virgínia', 'wirginia', 'バージニア', '弗吉尼亚', '버지니아', 'вирджиния', 'виргиния'],
  ireland: ['ireland', 'irland', 'irlande', 'irlanda', 'irlandia', 'ierland', 'アイルランド', '爱尔兰', '아일랜드', 'ирландия', 'ирландии'],
  germany: [
    'germany',
    'deutschland',
    'allemagne',
    'alemania',
    'germania',
    'alemanha',
    'duitsland',
    'niemcy',
    'niemczech',
    'ドイツ',
    '德国',
    '독일',
    'германия',
    'германии',
  ],
  japan: ['japan', 'japon', 'japón', 'giappone', 'japão', 'japonia', '日本', '일본', 'япония', 'японии'],
  china: ['china', 'chine', 'cina', 'chiny', '中国', '중국', 'китай', 'китае'],
  spain: ['spain', 'spanien', 'espagne', 'españa', 'spagna', 'espanha', 'hiszpania', 'スペイン', '西班牙', 'испания'],
  france: ['france', 'frankreich', 'francia', 'frança', 'francja', 'frankrijk', 'フランス', '法国', '프랑스', 'франция'],
  netherlands: [
    'netherlands',
    'niederlande',
    'pays-bas',
    'países bajos',
    'paesi bassi',
    'holanda',
    'nederland',
    'holandia',
    'オランダ',
    '荷兰',
    'нидерланды',
  ],
  brazil: ['brazil', 'brasilien', 'brésil', 'brasil', 'brasile', 'brazylia', 'ブラジル', '巴西', 'бразилия'],
  india: ['india', 'indien', 'inde', 'índia', 'indie', 'インド', '印度', '인도', 'индия'],
  microsoft: ['microsoft', 'マイクロソフト', '微软', '마이크로소프트', 'майкрософт'],
  google: ['google', 'グーグル', '谷歌', '구글', 'гугл'],
  amazon: ['amazon', 'aws', 'アマゾン', '亚马逊', '아마존', 'амазон'],
  nvidia: ['nvidia', 'エヌビディア', '英伟达', '엔비디아'],
  equinix: ['equinix', 'エクイニクス', '易昆尼克斯'],
  ntt: ['ntt', 'エヌ・ティ・ティ'],
  meta: ['meta', 'メタ'],
  oracle: ['oracle', 'オラクル', '甲骨文'],
  alibaba: ['alibaba', 'アリババ', '阿里巴巴', '阿里云'],
  huawei: ['huawei', 'ファーウェイ', '华为'],
  tencent: ['tencent', 'テンセント', '腾讯'],
  schneider: ['schneider electric', 'シュナイダーエレクトリック', '施耐德电气'],
};

const LOOKUP = new Map<string, string>();
for (const [key, names] of Object.entries(ALIASES)) for (const n of names) LOOKUP.set(fold(n), key);

/** Names in non-Latin scripts are found by substring (no spaces to split on); sorted longest first. */
const SCRIPT_NAMES = [...LOOKUP.keys()].filter((n) => /[^\p{Script=Latin}\s\d-]/u.test(n)).sort((a, b) => b.length - a.length);

const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

export function gazetteerKey(token: string): string | undefined {
  return LOOKUP.get(fold(token));
}

export function gazetteerHitsInScript(text: string): string[] {
  // Most texts are in Latin script only: nothing to find by substring there.
  if (!NON_LATIN.test(text)) return [];
  const folded = fold(text);
  const hits: string[] = [];
  for (const name of SCRIPT_NAMES) if (folded.includes(name)) hits.push(LOOKUP.get(name)!);
  return hits;
}

/** Lower case without diacritics (ü -> u, é -> e) so spellings with and without accents meet. Words repeat: cached. */
export function fold(text: string): string {
  if (text.length > 64) return foldNow(text);
  let out = foldCache.get(text);
  if (out === undefined) {
    if (foldCache.size > 50_000) foldCache.clear();
    out = foldNow(text);
    foldCache.set(text, out);
  }
  return out;
}

function foldNow(text: string): string {
  // ASCII needs no decomposition.
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
