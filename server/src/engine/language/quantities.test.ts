import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractAnchors, extractQuantities, findQuantities } from './anchors.js';
import { asciiDigits, cjkAmount, kanjiNumber } from './numerals.js';
import { parseLocaleNumber, significantDigits } from './quantities.js';

const keys = (text: string, language: string) => [...extractQuantities(text, language)].sort();

describe('numbers as each locale writes them', () => {
  it('reads 1.000,5 / 1 000,5 / 1,000.5 / 1’000.5 as one number, by shape first and by language when unsure', () => {
    assert.equal(parseLocaleNumber('1.000,5', true), 1000.5);
    assert.equal(parseLocaleNumber('1.000,5', false), 1000.5, 'both signs: the last one is the decimal sign');
    assert.equal(parseLocaleNumber('1,000.5', true), 1000.5);
    assert.equal(parseLocaleNumber('1 000,5', true), 1000.5);
    assert.equal(parseLocaleNumber('1\u202f000,5', true), 1000.5);
    assert.equal(parseLocaleNumber('1’000.5', false), 1000.5);
    assert.equal(parseLocaleNumber('1.000.000', false), 1_000_000, 'a repeated separator groups thousands');
    assert.equal(parseLocaleNumber('1,00,000', false), 100_000, 'Indian grouping');
    assert.equal(parseLocaleNumber('1.250', true), 1250, 'German: 1.250 is twelve hundred and fifty');
    assert.equal(parseLocaleNumber('1.250', false), 1.25, 'English: 1.250 is one and a quarter');
    assert.equal(parseLocaleNumber('1,250', true), 1.25);
    assert.equal(parseLocaleNumber('1,250', false), 1250);
    assert.equal(parseLocaleNumber('1,5', false), 1.5, 'not three digits after it: a decimal sign in any language');
    assert.equal(parseLocaleNumber('0,250', false), 0.25);
  });

  it('reads the same figure the same way in German, English, French, Polish and Mexican Spanish', () => {
    assert.deepEqual(keys('Ein Campus mit 1,5 GW für 1.200 Millionen Euro.', 'de'), ['eur:1200000000', 'mw:1500']);
    assert.deepEqual(keys('A 1.5 GW campus for €1,200 million.', 'en'), ['eur:1200000000', 'mw:1500']);
    assert.deepEqual(keys('Un campus de 1,5 GW pour 1 200 millions d’euros.', 'fr'), ['eur:1200000000', 'mw:1500']);
    assert.deepEqual(keys('Kampus o mocy 1,5 GW za 1 200 mln euro.', 'pl'), ['eur:1200000000', 'mw:1500']);
    assert.deepEqual(keys('Un campus de 1.5 GW por 1,200 millones de dólares.', 'es-MX'), ['mw:1500', 'usd:1200000000']);
  });

  it('turns other scripts’ digits into ASCII, one character for one', () => {
    assert.equal(asciiDigits('٢٫٩ مليار'), '2.9 مليار');
    assert.equal(asciiDigits('۱۴۰۵ و ۲٬۵۰۰'), '1405 و 2,500');
    assert.equal(asciiDigits('２９億ドル、５２％'), '29億ドル、52%');
    assert.equal(asciiDigits('১ গিগাওয়াট ৭৫,০০০'), '1 গিগাওয়াট 75,000');
    assert.equal(asciiDigits('२०२६ ๒๕๖๙'), '2026 2569');
    const text = 'بقدرة ٢٤ ميغاواط';
    assert.equal(asciiDigits(text).length, text.length);
  });
});

describe('units', () => {
  it('reads power in every script as megawatts', () => {
    const sixty: Array<[string, string]> = [
      ['en', '60 MW'],
      ['en', '60 megawatts'],
      ['en', '60-megawatt'],
      ['de', '60 Megawatt'],
      ['fr', '60 mégawatts'],
      ['es', '60 megavatios'],
      ['pl', '60 megawatów'],
      ['fi', '60 megawatin'],
      ['ro', '60 megawați'],
      ['tr', '60 megavat'],
      ['ru', '60 МВт'],
      ['ru', '60 мегаватт'],
      ['uk', '60 мегават'],
      ['ja', '60メガワット'],
      ['zh', '60兆瓦'],
      ['ko', '60메가와트'],
      ['ar', '60 ميغاواط'],
      ['fa', '۶۰ مگاوات'],
      ['he', '60 מגה-וואט'],
      ['hi', '60 मेगावाट'],
      ['bn', '৬০ মেগাওয়াট'],
      ['th', '60 เมกะวัตต์'],
      ['en', '0.06 GW'],
      ['de', '60.000 kW'],
      ['zh', '6万千瓦'],
    ];
    for (const [lang, text] of sixty) assert.deepEqual(keys(`Das ist ${text} hier`, lang), ['mw:60'], `${lang}: ${text}`);
  });

  it('reads power written apart, in the plural, and in Hindi with its other vowel sign', () => {
    assert.deepEqual(keys('total kapasitas daya 28 mega watt', 'id'), ['mw:28']);
    assert.deepEqual(keys('a planned capacity of 2 GWs', 'en'), ['mw:2000']);
    assert.deepEqual(keys('100 MWs of IT load', 'en'), ['mw:100']);
    assert.deepEqual(keys('2.5 गीगावॉट का डाटा सेंटर पार्क', 'hi'), ['mw:2500']);
    assert.deepEqual(keys('it stored 300 mega watt hours', 'en'), ['mwh:300'], 'energy written apart is still energy');
  });

  it('tells energy, apparent power and voltage from power', () => {
    assert.deepEqual(keys('120 MWh of storage, a 90 MVA transformer on the 380 kV grid, 2 TWh a year', 'en'), [
      'kv:380',
      'mva:90',
      'mwh:120',
      'mwh:2000000',
    ]);
  });

  it('reads areas as square metres, converting square feet, hectares and acres', () => {
    assert.deepEqual(keys('a 9,300 m² hall', 'en'), ['m2:9300']);
    assert.deepEqual(keys('a 100,000 sq ft hall', 'en'), ['m2:9300']);
    assert.deepEqual(keys('eine Halle mit 9.300 Quadratmetern', 'de'), ['m2:9300']);
    assert.deepEqual(keys('40 hectares', 'en'), ['m2:400000']);
    assert.deepEqual(keys('40 Hektar', 'de'), ['m2:400000']);
    assert.deepEqual(keys('100 acres', 'en'), ['m2:400000']);
    assert.deepEqual(keys('40ヘクタール', 'ja'), ['m2:400000']);
  });

  it('reads watts, data rates and temperatures', () => {
    assert.deepEqual(keys('Each module draws less than 25 W.', 'en'), ['mw:0.000025']);
    assert.deepEqual(keys('单模块功耗低于25瓦。', 'zh'), ['mw:0.000025']);
    assert.deepEqual(keys('a record 18 Tbps, after 17.1 Tbps in March', 'en'), ['tbps:17.1', 'tbps:18']);
    assert.deepEqual(keys('18 Terabit pro Sekunde', 'de'), ['tbps:18']);
    assert.deepEqual(keys('a 400 Gbps link', 'en'), ['tbps:0.4']);
    assert.deepEqual(keys('Die Temperatur stieg auf 38 Grad.', 'de'), ['c:38']);
    assert.deepEqual(keys('Temperatures reached 38°C.', 'en'), ['c:38']);
    assert.deepEqual(keys('1亿度电', 'zh'), [], '度 is also a kilowatt-hour in Chinese: not read as a temperature');
  });

  it('does not read a year followed by a verb as an area', () => {
    assert.deepEqual(keys("L'operazione dovrebbe chiudersi nel 2027 ha detto la società", 'it'), []);
  });

  it('reads percentages written after or before the number', () => {
    const percent: Array<[string, string]> = [
      ['en', '52%'],
      ['en', '52 percent'],
      ['de', '52 Prozent'],
      ['fr', '52 pour cent'],
      ['ru', '52 процента'],
      ['fi', '52 prosenttia'],
      ['tr', 'yüzde 52'],
      ['tr', '%52'],
      ['ar', '٥٢٪'],
      ['ja', '52パーセント'],
    ];
    for (const [lang, text] of percent) assert.deepEqual(keys(`x ${text} y`, lang), ['pct:52'], `${lang}: ${text}`);
  });
});

describe('money', () => {
  it('reads billions in the words of each language, and the long scale where it applies', () => {
    const cases: Array<[string, string]> = [
      ['en', '€1.2bn'],
      ['en', 'EUR 1.2 billion'],
      ['de', '1,2 Mrd. Euro'],
      ['de', '1,2 Milliarden Euro'],
      ['fr', '1,2 milliard d’euros'],
      ['fr', '1,2 Md€'],
      ['it', '1,2 miliardi di euro'],
      ['es', '1.200 millones de euros'],
      ['pt', '1,2 mil milhões de euros'],
      ['pl', '1,2 mld euro'],
      ['cs', '1,2 miliardy eur'],
      ['hu', '1,2 milliárd euró'],
      ['fi', '1,2 miljardia euroa'],
      ['sv', '1,2 miljarder euro'],
      ['ru', '1,2 млрд евро'],
      ['el', '1,2 δισ. ευρώ'],
      ['tr', '1,2 milyar euro'],
      ['ja', '12億ユーロ'],
      ['zh', '12亿欧元'],
      ['ko', '12억 유로'],
    ];
    for (const [lang, text] of cases) assert.deepEqual(keys(text, lang), ['eur:1200000000'], `${lang}: ${text}`);
    assert.deepEqual(keys('1 Billion Euro', 'de'), ['eur:1000000000000'], 'a German Billion is a million millions');
    assert.deepEqual(keys('1 billion d’euros', 'fr'), ['eur:1000000000000']);
    assert.deepEqual(keys('R$ 3 bilhões', 'pt-BR'), ['brl:3000000000']);
  });

  it('reads millions and the myriads of Chinese, Japanese and Korean', () => {
    assert.deepEqual(keys("850 millions d'euros", 'fr'), ['eur:850000000']);
    assert.deepEqual(keys('850 Mio. Euro', 'de'), ['eur:850000000']);
    assert.deepEqual(keys('850 milioni di euro', 'it'), ['eur:850000000']);
    assert.deepEqual(keys('850 миллионов евро', 'ru'), ['eur:850000000']);
    assert.deepEqual(keys('8億5000万ユーロ', 'ja'), ['eur:850000000']);
    assert.deepEqual(keys('8.5亿欧元', 'zh'), ['eur:850000000']);
    assert.deepEqual(keys('五亿欧元', 'zh'), ['eur:500000000']);
    assert.deepEqual(keys('1조 2000억 원', 'ko'), ['krw:1200000000000']);
    assert.deepEqual(keys('約4400億円', 'ja'), ['jpy:440000000000']);
    assert.deepEqual(keys('300万人', 'ja'), [], 'people are no money');
  });

  it('reads lakh and crore, in English and in Indian scripts', () => {
    assert.deepEqual(keys('Rs 75,000 crore', 'en'), ['inr:750000000000']);
    assert.deepEqual(keys('₹75,000 crore', 'en'), ['inr:750000000000']);
    assert.deepEqual(keys('75,000 करोड़ रुपये', 'hi'), ['inr:750000000000']);
    assert.deepEqual(keys('৭৫,০০০ কোটি রুপি', 'bn'), ['inr:750000000000']);
    assert.deepEqual(keys('Rs 50 lakh', 'en'), ['inr:5000000']);
  });

  it('finds the currency before or after the amount, and tells dollars apart', () => {
    assert.deepEqual(keys('$500m', 'en'), ['usd:500000000']);
    assert.deepEqual(keys('US$500 million', 'en'), ['usd:500000000']);
    assert.deepEqual(keys('500 millions de dollars', 'fr'), ['usd:500000000']);
    assert.deepEqual(keys('NT$30 billion', 'en'), ['twd:30000000000']);
    assert.deepEqual(keys('300億台湾ドル', 'ja'), ['twd:30000000000']);
    assert.deepEqual(keys('新台幣300億元', 'zh-TW'), ['twd:30000000000']);
    assert.deepEqual(keys('300億元', 'zh'), ['cny:30000000000']);
    assert.deepEqual(keys('£2bn', 'en'), ['gbp:2000000000']);
    assert.deepEqual(keys('500 mln zł', 'pl'), ['pln:500000000']);
    assert.deepEqual(keys('500 mkr', 'sv'), ['sek:500000000']);
    assert.deepEqual(keys('6,5 млрд рублей', 'ru'), ['rub:6500000000']);
    assert.deepEqual(keys('1.500 tỷ đồng', 'vi'), ['vnd:1500000000000']);
  });

  it("reads a currency by ICU's name for it in the text's language, in the forms ICU lists and their cases", () => {
    // These wrote no currency before: "kroner" after a multiplier only, and no "Swedish", "Schwedische", "szwedzkich".
    assert.deepEqual(keys('33.7 billion Swedish Krona', 'en'), ['sek:33700000000']);
    assert.deepEqual(keys('8 billion Danish kroner and 2 billion Norwegian kroner', 'en'), ['dkk:8000000000', 'nok:2000000000']);
    assert.deepEqual(keys('für 33,7 Milliarden Schwedische Kronen', 'de'), ['sek:33700000000']);
    assert.deepEqual(keys('von 33,7 Milliarden Schwedischen Kronen', 'de'), ['sek:33700000000'], 'a case ICU does not list');
    assert.deepEqual(keys('33,7 mld koron szwedzkich', 'pl'), ['sek:33700000000']);
    assert.deepEqual(keys('33,7 milliards de couronnes suédoises', 'fr'), ['sek:33700000000']);
    assert.deepEqual(keys('337億スウェーデン・クローナ', 'ja'), ['sek:33700000000']);
    assert.deepEqual(keys('10 milyar İsveç kronu', 'tr'), ['sek:10000000000']);
    assert.deepEqual(keys('500 millones de dólares estadounidenses', 'es'), ['usd:500000000']);
    assert.deepEqual(keys('in 2025 Europe added 300 MW', 'en'), ['mw:300'], 'a year before a word that begins like a currency');
  });

  it('reads an amount hyphenated as an adjective, and "d euros" that lost its apostrophe', () => {
    // "$1-billion" was read as one dollar.
    assert.deepEqual(keys('a $1-billion plan', 'en'), ['usd:1000000000']);
    assert.deepEqual(keys('the 8-billion-euro project', 'en'), ['eur:8000000000']);
    assert.deepEqual(keys('a 500-million-dollar deal', 'en'), ['usd:500000000']);
    assert.deepEqual(keys('5 milliards d euros', 'fr'), ['eur:5000000000']);
    assert.deepEqual(keys('between 2-3 million people', 'en'), [], 'a range is no hyphenated amount');
  });

  it('reads three decimals before "millions" as thousands where the comma is the decimal sign, and only there', () => {
    assert.deepEqual(keys('invertir 6,690 millones de euros (7,160 millones de dólares)', 'es'), ['eur:6690000000', 'usd:7160000000']);
    assert.deepEqual(keys('invertir 6,69 millones de euros', 'es'), ['eur:6690000']);
    assert.deepEqual(keys('für 1,250 Milliarden Euro', 'de'), ['eur:1250000000'], 'before billions it stays a decimal');
  });

  it('multiplies two multipliers in a row: lakh crore, triệu tỷ', () => {
    // "Rs 1.3 lakh crore" was read as 130,000 rupees.
    assert.deepEqual(keys('invest Rs 1.3 lakh crore in a park', 'en'), ['inr:1300000000000']);
    assert.deepEqual(keys('1.3 लाख करोड़ रुपये की लागत से', 'hi'), ['inr:1300000000000']);
    assert.deepEqual(keys('tổng mức đầu tư 1,28 triệu tỷ đồng', 'vi'), ['vnd:1280000000000000']);
    assert.deepEqual(keys('भारत में $17.5 बिलियन का निवेश', 'hi'), ['usd:17500000000'], "English's word in Devanagari");
  });

  it('reads an amount written onto its currency code or sign, and no other number written onto letters', () => {
    assert.deepEqual(keys('a total investment of VND14.7 trillion', 'en'), ['vnd:14700000000000']);
    assert.deepEqual(keys('senilai Rp61 triliun di Thailand', 'id'), ['idr:61000000000000']);
    assert.deepEqual(keys('a RM9.4b investment, or RM9.4bil', 'en'), ['myr:9400000000']);
    assert.deepEqual(keys('the EUR500 million loan', 'en'), ['eur:500000000']);
    assert.deepEqual(keys('the FRA7 building, an A380 and SIN01', 'en'), []);
  });

  it('reads two to ten written as a word before a multiplier or a unit of power', () => {
    assert.deepEqual(keys('the more than eight billion euro project', 'en'), ['eur:8000000000']);
    assert.deepEqual(keys('a planned capacity of two gigawatts', 'en'), ['mw:2000']);
    assert.deepEqual(keys('Google investeert vijf miljard euro', 'nl'), ['eur:5000000000']);
    assert.deepEqual(keys('knapp drei Milliarden Euro', 'de'), ['eur:3000000000']);
    assert.deepEqual(keys('huit milliards d’euros', 'fr'), ['eur:8000000000']);
    assert.deepEqual(keys('dos mil millones de euros', 'es'), ['eur:2000000000'], 'read once');
    assert.deepEqual(keys('two data centres, two million people, ten percent', 'en'), []);
  });

  it('counts the cardinal words before a thousand millions written without a digit', () => {
    // "dez mil milhões de dólares" was read as one billion.
    assert.deepEqual(keys('investir dez mil milhões de dólares', 'pt'), ['usd:10000000000']);
    assert.deepEqual(keys('invertirá treinta y cinco mil millones de euros', 'es'), ['eur:35000000000']);
    assert.deepEqual(keys('una inversió de cinc mil milions d’euros', 'ca'), ['eur:5000000000']);
    assert.deepEqual(keys('invertirá mil millones de euros', 'es'), ['eur:1000000000']);
  });

  it('reads any ISO currency code written in capitals before or after the amount', () => {
    assert.deepEqual(keys('an investment of AED 3.7 billion', 'en'), ['aed:3700000000']);
    assert.deepEqual(keys('3,7 Mrd. CHF', 'de'), ['chf:3700000000']);
    assert.deepEqual(keys('QAR 500 million', 'en'), ['qar:500000000']);
    assert.deepEqual(keys('the ABC 500 plan', 'en'), [], 'three capitals that are no currency');
  });

  it('reads "a billion" written without a digit', () => {
    assert.deepEqual(keys("Google va investir un milliard d'euros", 'fr'), ['eur:1000000000']);
    assert.deepEqual(keys('Google investiert eine Milliarde Euro', 'de'), ['eur:1000000000']);
    assert.deepEqual(keys('Google investoi miljardi euroa', 'fi'), ['eur:1000000000']);
    assert.deepEqual(keys('mil millones de euros', 'es'), ['eur:1000000000']);
    assert.deepEqual(keys('tổng trị giá một tỷ USD', 'vi'), ['usd:1000000000'], 'a word of two letters: tỷ');
    assert.deepEqual(keys("des milliards d'euros", 'fr'), [], 'billions of euros is no figure');
    assert.deepEqual(keys('1,85 mil milhões de euros', 'pt'), ['eur:1850000000'], 'the number and its words count once');
  });

  it('states each figure in the text’s own words, for the summary’s key figures', () => {
    assert.deepEqual(
      findQuantities('Equinix investiert 500 Millionen Euro in FR9 (60 Megawatt).', 'de').map((q) => q.raw),
      ['500 Millionen Euro', '60 Megawatt'],
    );
    assert.deepEqual(
      findQuantities('It costs €500m and ٢٫٩ مليار دولار', 'ar').map((q) => q.raw),
      ['€500m', '٢٫٩ مليار دولار'],
    );
  });

  it('gives the summarizer only the kinds key figures label: no data rates, no temperatures', () => {
    const text = 'A 120 MW, 40 hectare campus with 200 MWh of batteries, a 345 kV line and 18 Tbps, for €1 billion, 52% leased.';
    assert.deepEqual(
      findQuantities(text, 'en').map((q) => q.key),
      ['mw:120', 'm2:400000', 'mwh:200', 'kv:345', 'eur:1000000000', 'pct:52'],
    );
    assert.deepEqual(keys(text, 'en'), ['eur:1000000000', 'kv:345', 'm2:400000', 'mw:120', 'mwh:200', 'pct:52', 'tbps:18']);
  });

  it('reads PUE with its value in any language, by its name in Chinese, Japanese and Korean', () => {
    const pue = (text: string, language: string) => extractAnchors(text, language).quantities.filter((q) => q.startsWith('pue:'));
    assert.deepEqual(pue('The liquid-cooled facility has a design PUE of 1.15, the company said.', 'en'), ['pue:1.15']);
    assert.deepEqual(pue('液冷方式を採用し、設計上のPUEは1.15。', 'ja'), ['pue:1.15']);
    assert.deepEqual(pue('新设施采用液冷技术，设计电能利用效率为1.15。', 'zh'), ['pue:1.15']);
    assert.deepEqual(pue('연간 전력 사용 효율 1.2를 목표로 한다.', 'ko'), ['pue:1.2']);
    assert.deepEqual(pue('un PUE annuel de 1,2 à partir de 2028', 'fr'), ['pue:1.2']);
    assert.deepEqual(pue('A PUE of 12 and a PUE target for 2030.', 'en'), [], 'no value in the range of a PUE');
  });

  it('counts significant digits: round figures tell less', () => {
    assert.equal(significantDigits('mw:100'), 1);
    assert.equal(significantDigits('eur:850000000'), 2);
    assert.equal(significantDigits('mw:47.5'), 3);
    assert.equal(significantDigits('mw:1.25'), 3);
  });
});

describe('counts of things', () => {
  const counts = (text: string, language: string) => [...(extractAnchors(text, language).counts ?? [])];

  it('keeps counts of three digits or more from the headline and the lead, in any script', () => {
    assert.deepEqual(counts('Outage at Rheinwerk\nAbout 2,300 customer virtual machines were shut down.', 'en'), ['n:2300']);
    assert.deepEqual(counts('Ausfall\nRund 2.300 virtuelle Server wurden heruntergefahren.', 'de'), ['n:2300']);
    assert.deepEqual(counts('火災\nリチウムイオン電池モジュール384個が焼損した。', 'ja'), ['n:384']);
    assert.deepEqual(counts('화재\n리튬이온 배터리 모듈 384개가 탔다.', 'ko'), ['n:384']);
    assert.deepEqual(counts('量产\n苏州工厂年产能为200万只。', 'zh'), ['n:2000000']);
  });

  it('leaves out years, times, small numbers, figures with units, and counts past the lead', () => {
    assert.deepEqual(
      counts('Record in 2026\nAt 21:14 on day 18, 45 networks peaked at 18 Tbps with 120 MW. It was the third. It had 4,500 links.', 'en'),
      [],
    );
  });
});

describe('Chinese numerals', () => {
  it('reads numerals and myriads', () => {
    assert.equal(kanjiNumber('二十三'), 23);
    assert.equal(kanjiNumber('十一'), 11);
    assert.equal(kanjiNumber('三千'), 3000);
    assert.equal(kanjiNumber('二〇二六'), 2026);
    assert.equal(kanjiNumber('abc'), null);
    assert.equal(cjkAmount('8億5000万'), 850_000_000);
    assert.equal(cjkAmount('1兆2000億'), 1_200_000_000_000);
    assert.equal(cjkAmount('3千万'), 30_000_000);
    assert.equal(cjkAmount('4,400億'), 440_000_000_000);
  });
});
