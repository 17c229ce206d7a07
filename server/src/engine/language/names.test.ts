import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractAnchors, extractEntities } from './anchors.js';
import { countryOf, gazetteerHitsInScript } from './gazetteer.js';
import { nameKeys } from './name-keys.js';
import { extractNames, placesOf } from './names.js';
import { toLatin } from './transliterate.js';

const names = (text: string, language: string) => [...extractEntities(text, language)].sort();
const meet = (a: string, b: string) => nameKeys(a).some((k) => nameKeys(b).includes(k));

describe('transliteration', () => {
  it('writes Cyrillic by each language’s standard and Greek by ELOT 743', () => {
    assert.equal(toLatin('Ростелеком', 'ru'), 'rostelekom');
    assert.equal(toLatin('Яндекс', 'ru'), 'yandeks');
    assert.equal(toLatin('Щёлково', 'ru'), 'shchelkovo');
    assert.equal(toLatin('Київ', 'uk'), 'kyiv');
    assert.equal(toLatin('Харків', 'uk'), 'kharkiv');
    assert.equal(toLatin('Щит', 'bg'), 'shtit');
    assert.equal(toLatin('Крагујевац', 'sr'), 'kragujevac');
    assert.equal(toLatin('Αθήνα', 'el'), 'athina');
    assert.equal(toLatin('Ευρώπη', 'el'), 'evropi');
  });

  it('lets a name meet its transliteration and its inflected forms', () => {
    assert.ok(meet('rostelecom', toLatin('Ростелеком', 'ru')));
    assert.ok(meet('yandex', toLatin('Яндекс', 'ru')));
    assert.ok(meet('kragujevac', 'kragujevca') || meet('kragujevcu', toLatin('Крагујевцу', 'sr')));
    assert.ok(meet('equinix', 'equinixin'), 'Finnish genitive');
    assert.ok(meet('equinix', 'equinixa'), 'Polish genitive');
    assert.ok(meet('ostrava', 'ostrave'), 'Czech locative');
    assert.ok(meet('ostrava', 'ostravaban'), 'Hungarian inessive');
    assert.ok(meet('hamina', 'haminan'));
    assert.ok(!meet('equinix', 'nvidia'));
    assert.ok(!meet('am7', 'am3'), 'codes are matched as written');
    assert.ok(!meet('meta', 'metal'));
  });
});

describe('names', () => {
  it('finds a company and a city in every script the catalog uses', () => {
    const texts: Array<[string, string]> = [
      ['ja', 'マイクロソフトは東京にデータセンターを開設した。'],
      ['zh', '微软在东京开设数据中心。'],
      ['ko', '마이크로소프트가 도쿄에 데이터센터를 열었다.'],
      ['ar', 'افتتحت مايكروسوفت مركز بيانات في طوكيو.'],
      ['fa', 'مایکروسافت در توکیو مرکز داده افتتاح کرد.'],
      ['he', 'מיקרוסופט פתחה מרכז נתונים בטוקיו.'],
      ['hi', 'माइक्रोसॉफ्ट ने टोक्यो में डेटा सेंटर खोला।'],
      ['th', 'ไมโครซอฟท์เปิดศูนย์ข้อมูลในโตเกียว'],
      ['ru', 'Компания Майкрософт открыла ЦОД в Токио.'],
      ['el', 'Η Microsoft άνοιξε κέντρο δεδομένων στο Τόκιο.'],
    ];
    for (const [lang, text] of texts) {
      const found = names(text, lang);
      assert.ok(found.includes('microsoft') && found.includes('tokyo'), `${lang}: ${found}`);
    }
  });

  it('knows the field’s companies under their names of several words and their inflected forms', () => {
    assert.deepEqual(names('The deal with Digital Realty Trust and NTT DATA closed.', 'en'), ['digitalrealty', 'ntt']);
    assert.deepEqual(names('Googlen mukaan Suomessa rakennetaan.', 'fi'), ['finland', 'google']);
    assert.deepEqual(names('Stavební úřad v Ostravě a ve Varšavě.', 'cs'), ['ostrave', 'warsaw']);
    assert.deepEqual(names('Centrum danych w Warszawie.', 'pl'), ['warsaw']);
    assert.deepEqual(names('ЦОД «Ростелекома» в Москве.', 'ru'), ['moscow', 'rostelecom']);
    assert.deepEqual(names("Digital Realty, Atina'da ATH4'ü açtı.", 'tr'), ['ath4', 'athens', 'digitalrealty']);
  });

  it('does not find a name inside a longer katakana word, nor a short Hangul one inside a word', () => {
    assert.deepEqual(gazetteerHitsInScript('メタンガスを使う'), [], 'methane is not Meta');
    assert.deepEqual(gazetteerHitsInScript('メタが発表した'), ['meta']);
    // A Hangul name of one or two syllables starts a word: 것이란 ("that it will") is not Iran, 시도하면 not Doha.
    assert.deepEqual(gazetteerHitsInScript('수요가 늘 것이란 전망이다. 접속을 시도하면 오류가 난다.'), []);
    assert.deepEqual(gazetteerHitsInScript('이란 정부와 카타르 도하의 기업'), ['iran', 'qatar', 'doha']);
    assert.deepEqual(gazetteerHitsInScript('インドネシアに投資'), ['indonesia'], 'Indonesia, not India');
  });

  it('drops legal forms and words that name no one', () => {
    assert.deepEqual(
      names('The buyer, Nordhaven Data GmbH, and Kylos S.A. and Atman Sp. z o.o. signed with Sakura K.K. on Monday in March.', 'en'),
      ['atman', 'kylos', 'nordhaven', 'sakura'],
    );
    assert.deepEqual(names('Компания ООО «Селектел» построит ЦОД на 20 МВт.', 'ru'), ['selektel']);
  });

  it('resolves apostrophes and hyphens: l’Equinix, Nvidia’s, Google-nál, AWS-Region', () => {
    assert.deepEqual(names("L'accordo con l'Equinix e dell'Aruba.", 'it'), ['aruba', 'equinix']);
    assert.deepEqual(names("The chips are Nvidia's.", 'en'), ['nvidia']);
    assert.deepEqual(names('A szerver a Google-nál fut.', 'hu'), ['google']);
  });

  it('keeps German nouns apart as maybe-names, and takes its acronyms and known names as names', () => {
    const { names: found, maybeNames } = extractNames('Schneider Electric hat am Dienstag die modulare USV Galaxy VXL vorgestellt.', 'de');
    assert.deepEqual([...found].sort(), ['schneider', 'usv', 'vxl']);
    assert.ok(maybeNames.has('galaxy'));
    assert.ok(!maybeNames.has('dienstag'), 'a weekday is no name');
  });

  it('reads a Title Case headline for acronyms and known names only, and a sentence full of names for its names', () => {
    assert.deepEqual(names('Equinix Opens Giant New AM7 Data Center In Amsterdam\nIt is open.', 'en'), ['am7', 'amsterdam', 'equinix']);
    assert.deepEqual(names('Stavební úřad v Ostravě a ve Varšavě.', 'cs'), ['ostrave', 'warsaw']);
  });

  it('takes a word that opens the headline and the lead for the subject, unless the text writes it in lower case', () => {
    assert.ok(names('Vantage wins permit for campus\nVantage Data Centers has received a permit.', 'en').includes('vantage'));
    assert.ok(!names('Power is short\nPower prices rose and power is scarce.', 'en').includes('power'));
  });

  it('places names in their country, for telling two sites apart', () => {
    assert.equal(countryOf('frankfurt'), 'germany');
    assert.equal(countryOf('germany'), 'germany');
    assert.equal(countryOf('equinix'), undefined);
    assert.deepEqual([...placesOf(['equinix', 'osaka', 'japan'])].sort(), ['japan', 'osaka']);
    const anchors = extractAnchors('NTT DATA ouvre PAR3 à Paris.', 'fr');
    assert.deepEqual([...placesOf(anchors.entities)].sort(), ['france', 'paris']);
  });
});
