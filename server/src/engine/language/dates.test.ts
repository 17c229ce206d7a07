import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractDateKeys, extractDates } from './anchors.js';
import { jalaliToGregorian } from './locale-data.js';

const dates = (text: string, language: string, reference?: Date) => [...extractDateKeys(text, language, reference)].sort();

/** 23 November 2026 as a journalist of each catalog language writes it. */
const NOVEMBER_23: Array<[string, string]> = [
  ['en', 'The site opened on 23 November 2026.'],
  ['de', 'Das Rechenzentrum wurde am 23. November 2026 eröffnet.'],
  ['fr', 'Le site a ouvert le 23 novembre 2026.'],
  ['ja', 'データセンターは2026年11月23日に開業した。'],
  ['it', 'Il sito ha aperto il 23 novembre 2026.'],
  ['es', 'El centro abrió el 23 de noviembre de 2026.'],
  ['nl', 'Het datacenter opende op 23 november 2026.'],
  ['pl', 'Centrum otwarto 23 listopada 2026 r.'],
  ['pt', 'O centro abriu em 23 de novembro de 2026.'],
  ['ru', 'ЦОД открылся 23 ноября 2026 года.'],
  ['zh', '数据中心于2026年11月23日开业。'],
  ['ko', '데이터센터는 2026년 11월 23일 문을 열었다.'],
  ['tr', "Veri merkezi 23 Kasım 2026'da açıldı."],
  ['cs', 'Datové centrum bylo otevřeno 23. listopadu 2026.'],
  ['uk', 'ЦОД відкрився 23 листопада 2026 року.'],
  ['id', 'Pusat data dibuka pada 23 November 2026.'],
  ['sv', 'Datacentret öppnade den 23 november 2026.'],
  ['nb', 'Datasenteret åpnet 23. november 2026.'],
  ['sk', 'Dátové centrum otvorili 23. novembra 2026.'],
  ['hu', 'Az adatközpont 2026. november 23-án nyílt meg.'],
  ['ro', 'Centrul de date a fost deschis pe 23 noiembrie 2026.'],
  ['el', 'Το κέντρο δεδομένων άνοιξε στις 23 Νοεμβρίου 2026.'],
  ['ar', 'افتتح مركز البيانات في 23 نوفمبر 2026.'],
  ['fa', 'مرکز داده در ۲ آذر ۱۴۰۵ افتتاح شد.'],
  ['th', 'ศูนย์ข้อมูลเปิดเมื่อวันที่ 23 พฤศจิกายน 2569'],
  ['vi', 'Trung tâm dữ liệu khai trương ngày 23 tháng 11 năm 2026.'],
  ['da', 'Datacentret åbnede den 23. november 2026.'],
  ['bg', 'Центърът за данни отвори на 23 ноември 2026 г.'],
  ['he', 'מרכז הנתונים נפתח ב-23 בנובמבר 2026.'],
  ['hi', 'डेटा सेंटर 23 नवंबर 2026 को खुला।'],
  ['bn', 'ডেটা সেন্টারটি ২৩ নভেম্বর ২০২৬ তারিখে চালু হয়।'],
  ['fi', 'Datakeskus avattiin 23. marraskuuta 2026.'],
  ['et', 'Andmekeskus avati 23. novembril 2026.'],
  ['lt', 'Duomenų centras atidarytas 2026 m. lapkričio 23 d.'],
  ['hr', 'Podatkovni centar otvoren je 23. studenoga 2026.'],
  ['sr', 'Дата центар је отворен 23. новембра 2026.'],
  ['sl', 'Podatkovni center so odprli 23. novembra 2026.'],
  ['ms', 'Pusat data itu dibuka pada 23 November 2026.'],
  ['lv', 'Datu centrs tika atklāts 2026. gada 23. novembrī.'],
  ['ca', 'El centre de dades va obrir el 23 de novembre de 2026.'],
];

describe('dates in every catalog language', () => {
  it('keeps extractDates to the years a text names, as the summarizer reads it', () => {
    assert.deepEqual([...extractDates('On Tuesday, 23 November 2026, for 2027 and ٢٠٢٨.')].sort(), ['2026', '2027', '2028']);
  });

  it('reads 23 November 2026 the same way in the 40 languages of the catalog', () => {
    assert.equal(new Set(NOVEMBER_23.map(([lang]) => lang)).size, 40);
    for (const [lang, text] of NOVEMBER_23) {
      const found = dates(text, lang);
      assert.ok(found.includes('--11-23'), `${lang}: ${found}`);
      assert.ok(found.includes('2026'), `${lang}: ${found}`);
    }
  });

  it('reads months in their inflected forms, beyond the dictionary ones', () => {
    assert.ok(dates('Budowa ruszy w listopadzie 2026.', 'pl').includes('2026-11'));
    assert.ok(dates('Строительство начнется в ноябре 2026 года.', 'ru').includes('2026-11'));
    assert.ok(dates('Будівництво почнеться у листопаді 2026 року.', 'uk').includes('2026-11'));
    assert.ok(dates('Rakentaminen alkaa marraskuussa 2026.', 'fi').includes('2026-11'));
    assert.ok(dates('Stavba začne v červnu 2026.', 'cs').includes('2026-06'), 'June, not July (červenec)');
    assert.ok(dates('Stavba začne v červenci 2026.', 'cs').includes('2026-07'));
    assert.ok(dates('A munka novemberben 2026 kezdődik.', 'hu').includes('2026-11'));
    assert.ok(dates('Radovi počinju u studenom 2026.', 'hr').includes('2026-11'));
    assert.ok(dates('24. новембра', 'sr').includes('--11-24'), 'Serbian drops the a of новембар');
    assert.ok(dates('Tet avas 24. novembril', 'et').includes('--11-24'), 'Estonian drops the e of november');
    assert.ok(dates("25 Kasım'da hizmete açıldı", 'tr').includes('--11-25'));
  });

  it('reads the Levantine and the Maghreb month names of Arabic', () => {
    assert.ok(dates('في 23 تشرين الثاني 2026', 'ar').includes('--11-23'));
    assert.ok(dates('في 23 نونبر 2026', 'ar').includes('--11-23'));
    assert.ok(dates('يوم الاثنين ٢٣ نوفمبر', 'ar').includes('--11-23'), 'Eastern Arabic digits');
  });

  it('converts Solar Hijri and Buddhist-era dates; a Persian date without its year is read near the publication', () => {
    assert.equal(jalaliToGregorian(1405, 9, 2).toISOString().slice(0, 10), '2026-11-23');
    assert.equal(jalaliToGregorian(1405, 1, 1).toISOString().slice(0, 10), '2026-03-21');
    assert.deepEqual(dates('روز ۲ آذر اعلام کرد', 'fa', new Date('2026-11-24T10:00:00Z')), ['--11-23']);
    assert.deepEqual(dates('روز ۲ آذر اعلام کرد', 'fa'), [], 'no year, no publication: no day');
    assert.ok(dates('ปี 2569', 'th').includes('2026'));
  });

  it('reads dates in Chinese numerals and in Korean', () => {
    assert.ok(dates('十一月二十三日发布', 'zh').includes('--11-23'));
    assert.ok(dates('11월 23일 밝혔다', 'ko').includes('--11-23'));
    assert.ok(dates('2026年11月に稼働', 'ja').includes('2026-11'));
  });

  it('reads numeric dates by the order each language writes, and leaves an English 4/5 undecided', () => {
    assert.ok(dates('am 24.11.2026', 'de').includes('--11-24'));
    assert.ok(dates('am 24.11. eröffnet', 'de').includes('--11-24'));
    assert.ok(dates('le 24/11/2026', 'fr').includes('--11-24'));
    assert.ok(dates('Selasa (24/11/2026)', 'id').includes('--11-24'));
    assert.ok(dates('on 11/24/2026', 'en').includes('--11-24'));
    assert.ok(dates('on 24/11/2026', 'en').includes('--11-24'));
    assert.ok(dates('2026-11-24T08:00', 'en').includes('--11-24'));
    assert.ok(!dates('on 4/5/2026', 'en').some((d) => d.startsWith('--')), 'April 5 or 4 May: unknown');
    assert.ok(!dates('grew 1.25.', 'de').some((d) => d.startsWith('--')));
  });

  it('reads weekdays in each language, inflected as "on Tuesday" is', () => {
    const tuesday: Array<[string, string]> = [
      ['en', 'on Tuesday'],
      ['de', 'am Dienstag'],
      ['fr', 'mardi'],
      ['it', 'martedì'],
      ['es', 'el martes'],
      ['pt', 'na terça-feira'],
      ['nl', 'dinsdag'],
      ['pl', 'we wtorek'],
      ['ru', 'во вторник'],
      ['uk', 'у вівторок'],
      ['bg', 'във вторник'],
      ['cs', 'v úterý'],
      ['sk', 'v utorok'],
      ['sr', 'у уторак'],
      ['hr', 'u utorak'],
      ['sl', 'v torek'],
      ['fi', 'kertoi tiistaina'],
      ['et', 'teisipäeval'],
      ['lv', 'otrdien'],
      ['lt', 'antradienį'],
      ['hu', 'kedden'],
      ['sv', 'i tisdags'],
      ['da', 'tirsdag'],
      ['nb', 'tirsdag'],
      ['tr', 'Salı günü'],
      ['el', 'την Τρίτη'],
      ['ro', 'marți'],
      ['ca', 'dimarts'],
      ['id', 'Selasa'],
      ['ms', 'Selasa'],
      ['ar', 'الثلاثاء'],
      ['fa', 'سه\u200cشنبه'],
      ['he', 'ביום שלישי'],
      ['hi', 'मंगलवार को'],
      ['bn', 'মঙ্গলবার'],
      ['th', 'เมื่อวันอังคาร'],
      ['ja', '火曜日に'],
      ['zh', '周二'],
      ['ko', '화요일'],
    ];
    for (const [lang, text] of tuesday) assert.ok(dates(`X ${text} Y`, lang).includes('wd:2'), `${lang}: ${text}`);
    assert.ok(dates('w środę', 'pl').includes('wd:3'), 'Polish accusative');
    assert.ok(dates('в среду', 'ru').includes('wd:3'), 'Russian accusative');
  });

  it('does not take words that only look like weekdays for one', () => {
    assert.deepEqual(dates('Средства пойдут среди прочего на ЦОД', 'ru'), []);
    assert.deepEqual(dates('proiectul durează 3 luni', 'ro'), [], 'three months, not Monday');
    assert.deepEqual(dates('nové datové středisko', 'cs'), []);
    assert.deepEqual(
      dates('Il 2027 martie', 'ro').filter((d) => d.startsWith('wd:')),
      [],
      'martie is March, not marți',
    );
  });
});
