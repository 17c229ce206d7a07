import { INTERESTS, type Interest } from '@dcbrief/shared';
import { fold } from '../dedupe/gazetteer.js';

export interface ClassificationReason {
  interest: Interest;
  rule: string;
  where: 'title' | 'text' | 'source';
  weight: number;
}

export interface Classification {
  interest: Interest;
  /** Every interest that scored at least half of the best, best first: a digest shows the story for any of them. */
  interests: Interest[];
  scores: Record<Interest, number>;
  reasons: ClassificationReason[];
  method: 'rules' | 'rules+llm';
}

export interface ClassifiableText {
  title: string;
  text: string;
  sourceCategories: Interest[];
}

interface Rule {
  name: string;
  pattern: RegExp;
  weight: number;
}

/**
 * Weighted keyword rules per interest, in the languages of the catalog, matched on folded text (lower case,
 * no accents). A title match counts double; each source's default categories add a small prior. Every point
 * carries its reason, so an operator can see why a story landed where it did.
 */
const RULES: Record<Interest, Rule[]> = {
  infrastructure: [
    rule(
      'data center / campus',
      1,
      'data ?cent(?:er|re)s?|datacent(?:er|re)s?|rechenzentr\\w*|centres? de donnees|centros? de (?:datos|dados)|centrum danych|centri dati|datove centrum|adatkozpont|veri merkez\\w*|データセンター|数据中心|데이터센터|цод\\w*|центр\\w* обработки данных',
    ),
    rule(
      'construction / expansion',
      2,
      'construct\\w*|build(?:s|ing)? |groundbreak\\w*|expan\\w*|campus\\w*|baut |neubau|erweiter\\w*|construi\\w*|constru\\w*|costrui\\w*|bouwt|budow\\w*|建設|建设|착공|строит\\w*',
    ),
    rule(
      'power and grid',
      2,
      '\\d\\s?(?:mw|gw)\\b|megawatt\\w*|gigawatt\\w*|substation|grid connection|power supply|stromnetz|netzanschluss|raccordement|red electrica|rete elettrica|電力|电力|전력|энергоснабж\\w*',
    ),
    rule(
      'cooling',
      2,
      'cooling|kuhlung|refroidissement|refrigeracion|raffreddamento|resfriamento|koeling|chlodzen\\w*|冷却|液冷|냉각|охлажден\\w*',
    ),
    rule('colocation / hyperscale', 1, 'colocation|hyperscale\\w*|wholesale capacity|interconnection|subsea cable|fiber route'),
  ],
  technology: [
    rule(
      'AI and accelerators',
      3,
      '\\bgpus?\\b|\\bai\\b|artificial intelligence|\\bki\\b|\\bia\\b|inteligencia artificial|intelligenza artificiale|kunstliche intelligenz|sztuczn\\w* inteligencj\\w*|人工智能|生成ai|인공지능|искусственн\\w* интеллект\\w*|accelerator\\w*|nvidia|blackwell|tpu',
    ),
    rule(
      'chips and servers',
      2,
      '\\bchips?\\b|processor\\w*|semiconductor\\w*|\\bcpus?\\b|servers?\\b|server\\w* rack|halbleiter|semi-?conducteur\\w*|semiconductor|半導体|半导体|반도체|процессор\\w*',
    ),
    rule(
      'networking and storage',
      2,
      'network\\w*|optical|\\b(?:400|800)g\\b|ethernet|infiniband|storage|\\bssds?\\b|netzwerk|reseau|almacenamiento|光通信|网络|스토리지',
    ),
    rule('software and cloud platforms', 1, 'software|kubernetes|platform|cloud region|cloud service|open source|quantum'),
  ],
  marketTrends: [
    rule(
      'acquisition / merger',
      3,
      'acqui\\w*|merger|takeover|buys |ubernahm\\w*|ubernimmt|rachat|rachete|adquiri\\w*|adquisicion|acquisizion\\w*|overname|przejec\\w*|買収|收购|인수|поглощ\\w*|приобрет\\w*',
    ),
    rule(
      'investment and funding',
      3,
      'invest\\w*|funding|raises?|financing|capital|fund\\b|inversion|investissement|investimento|investering|inwestycj\\w*|投資|投资|투자|инвестиц\\w*|инвестир\\w*',
    ),
    rule(
      'revenue and results',
      2,
      'revenue|earnings|quarter\\w*|results|profit|umsatz|quartal|chiffre d.affaires|trimestre|ingresos|fatturato|receita|omzet|przychod\\w*|売上|营收|매출|выручк\\w*',
    ),
    rule(
      'market and pricing',
      2,
      'market\\w*|pricing|prices|vacancy|absorption|demand|markt\\w*|marche|mercado|mercato|rynek|市場|市场|시장|рын\\w*',
    ),
  ],
  security: [
    rule(
      'cyber attack',
      4,
      'ransomware|cyber ?attack\\w*|cyberangriff\\w*|cyberattaque\\w*|ciberataque\\w*|attacco informatico|hack\\w*|malware|ddos|breach\\w*|サイバー攻撃|网络攻击|해킹|кибератак\\w*|хакер\\w*',
    ),
    rule(
      'vulnerability',
      3,
      'vulnerabilit\\w*|\\bcve-\\d+|exploit\\w*|zero-day|sicherheitslucke\\w*|faille\\w*|vulnerabilidad\\w*|vulnerabilita|kwetsbaarhe\\w*|podatnosc\\w*|脆弱性|漏洞|취약점|уязвимост\\w*',
    ),
    rule(
      'security in general',
      2,
      'security|cybersecurity|sicherheit|securite|seguridad|sicurezza|seguranca|beveiliging|bezpieczenstw\\w*|セキュリティ|安全|보안|безопасност\\w*',
    ),
  ],
  operations: [
    rule(
      'outage / incident',
      4,
      'outage\\w*|downtime|disruption|ausfall|storung|panne\\w*|interruption|caida|apagon|interruzione|guasto|storing|awari\\w*|障害|停電|宕机|故障|장애|сбой\\w*|авари\\w*',
    ),
    rule('fire / physical incident', 3, '\\bfire\\b|blaze|flood\\w*|\\bbrand\\b|incendi\\w*|brand in|pozar\\w*|火災|火灾|화재|пожар\\w*'),
    rule(
      'efficiency and energy use',
      2,
      '\\bpue\\b|efficien\\w*|energy consumption|water usage|heat reuse|abwarme|energieeffizien\\w*|consommation|consumo energetico|efficienza|エネルギー効率|能效|에너지 효율|энергоэффектив\\w*',
    ),
    rule(
      'staffing and maintenance',
      2,
      'staff\\w*|workforce|maintenance|uptime|wartung|maintenance|mantenimiento|manutenzione|onderhoud|保守|运维|운영',
    ),
  ],
  regulations: [
    rule(
      'law and regulation',
      4,
      'regulat\\w*|legislat\\w*|\\blaw\\b|\\bbill\\b|directive|\\bact\\b|gesetz\\w*|verordnung|verordening|richtlinie|\\bloi\\b|reglementation|decret|\\bley\\b|normativa|regolament\\w*|\\blei\\b|wetgeving|ustaw\\w*|規制|法案|监管|法规|규제|закон\\w*|регулир\\w*',
    ),
    rule(
      'permits and planning',
      3,
      'permit\\w*|planning permission|zoning|moratorium|approval|genehmig\\w*|permis|licencia|autorizzazion\\w*|vergunning|pozwoleni\\w*|許可|许可|허가|разрешени\\w*',
    ),
    rule(
      'authorities and compliance',
      2,
      'regulator|commission|ministry|government|authority|city council|municipal\\w*|gemeenteraad|gemeinderat|conseil municipal|rada gminy|compliance|\\bnis2\\b|\\bgdpr\\b|\\bdsgvo\\b|\\brgpd\\b|behorde|bundesnetzagentur|ministere|gobierno|ministero|governo|rzad|政府|당국|правительств\\w*|министерств\\w*',
    ),
    rule(
      'tax and subsidy',
      2,
      '\\btax\\w*|subsid\\w*|tariff\\w*|steuer\\w*|impot|fiscal|impuest\\w*|tasse|imposto|belasting|podat\\w*|税|补贴|세금|налог\\w*',
    ),
  ],
};

function rule(name: string, weight: number, source: string): Rule {
  return { name, weight, pattern: new RegExp(`(?:^|[^\\p{Script=Latin}\\p{Script=Cyrillic}])(?:${fold(source)})`, 'u') };
}

export function classify(input: ClassifiableText): Classification {
  const scores = Object.fromEntries(INTERESTS.map((i) => [i, 0])) as Record<Interest, number>;
  const reasons: ClassificationReason[] = [];
  const title = fold(input.title);
  const text = fold(input.text.slice(0, 6000));
  for (const interest of INTERESTS) {
    for (const r of RULES[interest]) {
      if (r.pattern.test(title)) reasons.push({ interest, rule: r.name, where: 'title', weight: r.weight * 2 });
      else if (r.pattern.test(text)) reasons.push({ interest, rule: r.name, where: 'text', weight: r.weight });
    }
  }
  for (const interest of new Set(input.sourceCategories))
    reasons.push({ interest, rule: 'source default category', where: 'source', weight: 1 });
  for (const r of reasons) scores[r.interest] += r.weight;
  const ranked = [...INTERESTS].sort((a, b) => scores[b] - scores[a] || INTERESTS.indexOf(a) - INTERESTS.indexOf(b));
  const best = ranked[0]!;
  const top = scores[best];
  const interests = top === 0 ? [best] : ranked.filter((i) => scores[i] >= Math.max(2, top / 2));
  return { interest: best, interests: interests.length ? interests : [best], scores, reasons, method: 'rules' };
}
