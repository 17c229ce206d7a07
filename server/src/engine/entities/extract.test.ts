import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractArticle } from './extract.js';
import { EntityIndex } from './recognize.js';
import { readSeedEntities, shippedTowns } from './seed.js';

const index = new EntityIndex(readSeedEntities(), shippedTowns());
const read = (title: string, sentences: string[], language = 'en', publishedAt = new Date('2026-05-01T12:00:00Z')) =>
  extractArticle(index, { title, sentences, language, publishedAt });
const named = (text: string, language: string) => read(text, [], language).entities;

describe('entity recognition', () => {
  it('places a name in Hangul where the sentence writes it (folding splits syllables into letters)', () => {
    const text = '판교 데이터센터에서 화재가 발생해 카카오가 멈췄다.';
    const where = index.mentions(text, 'ko').map((m) => text.slice(m.start, m.end));
    assert.ok(where.includes('카카오'), where.join(', '));
  });

  it('folds one company written in many scripts to one identity', () => {
    for (const [text, language] of [
      ['Microsoft opens a data center', 'en'],
      ['微软新建数据中心', 'zh'],
      ['마이크로소프트, 데이터센터 건설', 'ko'],
      ['マイクロソフト、データセンター建設', 'ja'],
      ['مايكروسوفت تبني مركز بيانات', 'ar'],
      ['Майкрософта строит ЦОД', 'ru'],
    ])
      assert.deepEqual(named(text!, language!), ['microsoft'], `${language}: ${text}`);
  });

  it('knows towns of the GeoNames list only as a word of their own, written with a capital', () => {
    assert.deepEqual(read('Rechenzentren', ['Google baut in Dietzenbach ein Rechenzentrum.'], 'de').entities, ['google', 'dietzenbach']);
    assert.deepEqual(read('Rechenzentren', ['Der Betreiber erweitert in Hanau.'], 'de').entities, ['hanau']);
    // German capitalises every noun: a head noun before the town ("die Stadt Hanau", "Standort Griesheim") is no
    // longer name; in a place ("in der benachbarten Stadt Hanau") it is the town, not the city's administration.
    assert.deepEqual(read('Rechenzentren', ['Google eröffnet in der benachbarten Stadt Hanau ein Rechenzentrum.'], 'de').entities, [
      'google',
      'hanau',
    ]);
    assert.deepEqual(read('Rechenzentren', ['Der Standort Griesheim hat 30 Megawatt.'], 'de').entities, ['griesheim']);
    assert.deepEqual(read('Rechenzentren', ['Die Stadt Hanau hat den Bebauungsplan beschlossen.'], 'de').entities, ['hanau-city', 'hanau']);
    assert.deepEqual(read('Data center news', ['Brad Smith spoke in Redmond.']).entities, ['redmond']);
    // A currency's country and a company's home are no place of the story.
    assert.deepEqual(read('Data center news', ['US tech giant Google will build a campus in Frankfurt.']).entities, [
      'google',
      'frankfurt',
    ]);
    assert.deepEqual(read('Pusat data', ['Investasinya sekitar 1,5 miliar dolar Amerika Serikat di Batam.'], 'id').entities, ['batam']);
    assert.deepEqual(read('Data center news', ['Google will invest in the United States and Belgium.']).entities, [
      'google',
      'usa',
      'belgium',
    ]);
    assert.deepEqual(read('Data center news', ['Works start in Villanueva de Gállego.', 'The best site is mobile.']).entities, []);
  });

  it('meets a name whose words are short, as a word rather than an acronym', () => {
    assert.deepEqual(named('Trung tâm dữ liệu tại Hà Nội và TP.HCM', 'vi'), ['hanoi', 'hochiminh']);
    assert.deepEqual(named('The Ministry of Economy, Trade and Industry said so', 'en'), ['jp-meti']);
    assert.deepEqual(named('Equinix expands in Sao Paulo', 'en'), ['equinix', 'saopaulo']);
    assert.deepEqual(named('Equinix expands in the US', 'en'), ['equinix', 'usa']);
    assert.deepEqual(named('Equinix expands in us', 'en'), ['equinix'], 'a lone short name is an acronym');
  });

  it('knows Korean towns by their romanized name, surely with an administrative suffix', () => {
    assert.deepEqual(read('카카오, 데이터센터 착공', ['카카오는 안산시에 데이터센터를 짓는다.', '안산에는 연구소도 있다.']).entities, [
      'kakao',
      'ansan',
    ]);
    assert.deepEqual(read('네이버 데이터센터', ['경기도 성남시 분당구에 있다.'], 'ko').entities, ['naver', 'gyeonggi', 'seongnam']);
    // 전주 is Jeonju, and "the week before": alone, it names the town only where the article names it surely.
    assert.deepEqual(read('주가', ['전주 대비 3% 올랐다.'], 'ko').entities, []);
    assert.deepEqual(read('주가', ['전주시가 발표했다.', '전주 대비 3% 올랐다.'], 'ko').entities, ['jeonju']);
    // A short name inside a word is a piece of another word: 것이란 ("that it will"), 시도하면 ("if one tries").
    assert.deepEqual(read('데이터센터', ['수요가 늘 것이란 전망이다.', '접속을 시도하면 오류가 난다.'], 'ko').entities, []);
    assert.deepEqual(read('데이터센터', ['이란 정부가 발표했다.'], 'ko').entities, ['iran']);
  });

  it('meets a town written with a case ending in an inflecting language', () => {
    assert.deepEqual(read('Datakeskus', ['Google investoi Kajaaniin, ja Haminassa on jo datakeskus.'], 'fi').entities, [
      'google',
      'kajaani',
      'hamina',
    ]);
    assert.deepEqual(read('Centrum danych', ['Microsoft buduje w Warszawie.'], 'pl').entities, ['microsoft', 'warsaw']);
    assert.deepEqual(read('Datové centrum', ['Provozovatel staví v Ostravě.'], 'cs').entities, ['ostrava']);
    assert.deepEqual(read('Datakeskus', ['Googlen mukaan työt alkavat.'], 'fi').entities, ['google'], 'no town by stem alone');
  });

  it('meets a place in the genitive of German, Dutch, Danish and Norwegian', () => {
    assert.ok(read('Rechenzentrum', ['Europas größtes Softwarehaus nutzt es.'], 'de').entities.includes('europe'));
    assert.ok(read('Rechenzentrum', ['Frankfurts Rechenzentren wachsen.'], 'de').entities.includes('frankfurt'));
    assert.deepEqual(read('Rechenzentrum', ['Alles läuft.'], 'de').entities, [], 'no place in a word that merely ends in s');
  });

  it("takes no place from a country's acronym written onto a currency sign or a compound, as from an adjective", () => {
    const us = (text: string, language: string) =>
      index
        .mentions(text, language)
        .filter((m) => m.kind === 'place')
        .map((m) => text.slice(m.start, m.end));
    assert.deepEqual(us('Der US-Softwarekonzern Microsoft baut in den USA.', 'de'), ['USA']);
    assert.deepEqual(us('Microsoft will spend US$10 billion in the US.', 'en'), ['US']);
    assert.deepEqual(us('Microsoft will spend US $10 billion.', 'en'), []);
    assert.deepEqual(us('UK-based Ark and the UK government.', 'en'), ['UK']);
    assert.deepEqual(us('Az adatközpont az USA-ban épül.', 'hu'), ['USA'], 'a Hungarian case ending is the place');
  });

  it("meets a short name only with its own accents, and no Vietnamese place inside a person's name", () => {
    const places = (text: string, language: string) =>
      index
        .mentions(text, language)
        .filter((m) => m.kind === 'place')
        .map((m) => m.id);
    assert.deepEqual(places('Google đầu tư vào Bỉ và Đức.', 'vi'), ['belgium', 'germany']);
    assert.deepEqual(places('Tổng Bí thư Tô Lâm dự diễn đàn do Bộ Tài chính tổ chức.', 'vi'), [], 'Bí is not Bỉ, Tài is not Estonian Tai');
    assert.deepEqual(places('Chủ tịch Tào Đức Thắng phát biểu.', 'vi'), [], 'a middle name');
    assert.deepEqual(places('Thủ tướng Đức Olaf Scholz đến Hà Nội.', 'vi'), ['germany', 'hanoi']);
    assert.deepEqual(places('Maj. Gen. Tao Duc Thang said the US would follow.', 'en'), ['usa']);
    assert.deepEqual(
      places('Chủ tịch nói. Với dự án này, Voi và Chu là thị trấn.', 'vi'),
      ['voi', 'chu'],
      'towns of Kenya and Kazakhstan as written',
    );
    assert.deepEqual(places('Microsoft said in March it would invest.', 'en'), [], 'no town named like a month');
  });

  it('takes a town named once for no place when the article names none of its country, unless its outlet is there', () => {
    // "Fomento" is a Cuban town and a Spanish ministry's word.
    assert.ok(!read('Aragón aprueba el proyecto', ['El consejero de Fomento presentó el plan.'], 'es').entities.includes('fomento'));
    const sentences = ['Het nieuwe gebouw bij Charleroi opent in 2027.'];
    const at = (language: string, more: string[] = [], country?: string) =>
      extractArticle(index, {
        title: 'Google breidt uit',
        sentences: [...sentences, ...more],
        language,
        publishedAt: new Date('2026-05-01T12:00:00Z'),
        country,
      }).entities;
    assert.ok(!at('nl').includes('charleroi'), 'a Dutch article that does not name Belgium');
    assert.ok(at('nl', ['België verwelkomt het.']).includes('charleroi'), 'with its country named');
    assert.ok(at('nl', [], 'BE').includes('charleroi'), 'from a Belgian outlet');
    assert.ok(at('nl', ['Charleroi groeit.']).includes('charleroi'), 'named twice');
    // A company's home country counts: Redmond beside Microsoft in an Italian article.
    assert.ok(
      read('Microsoft investe in Italia', ['La società di Redmond investe 4,3 miliardi di euro.'], 'it').entities.includes('redmond'),
    );
  });

  it('knows places from the gazetteer in their own scripts', () => {
    assert.deepEqual(named('Equinix baut in Frankfurt', 'de'), ['equinix', 'frankfurt']);
    assert.deepEqual(named('エクイニクス、大阪に新拠点', 'ja'), ['equinix', 'osaka']);
  });

  it('takes a common word for a company only where a capital inside a sentence names it', () => {
    assert.deepEqual(read('Data center news', ['Operators switch to liquid cooling.', 'Switch said it will expand.']).entities, []);
    assert.deepEqual(read('Data center news', ['The campus of Switch in Reno grows.']).entities, ['switch', 'reno']);
    assert.deepEqual(read('Aligned Data Centers buys land', []).entities, ['aligned']);
    assert.deepEqual(
      read('Switch opens a campus', ['The campus of Switch in Reno grows.']).about,
      ['switch', 'reno'],
      'sure elsewhere in the article (and where it happens: the lead names the place the title does not)',
    );
  });

  it('is about its actors, then what its title names and what its sentences keep naming', () => {
    const body = ['Microsoft chose a site.', 'Equinix will build it.', 'Equinix owns the land.', 'Equinix hires.', 'Equinix said so.'];
    assert.deepEqual(read('Microsoft picks Frankfurt', body).about, ['microsoft', 'frankfurt', 'equinix']);
    assert.deepEqual(
      read('Microsoft picks Frankfurt', body.slice(0, 4)).about,
      ['microsoft', 'frankfurt'],
      'three sentences: named, not about',
    );
    const lead = ['Microsoft will build a campus in Aragon, Spain.', 'The Netherlands hosts its largest one.'];
    assert.deepEqual(
      read('Microsoft to invest $7 billion', lead).about,
      ['microsoft', 'aragon'],
      "the lead's first place, where the title names none",
    );
    assert.deepEqual(read('Microsoft picks Frankfurt', lead).about, ['microsoft', 'frankfurt'], "the title's place, not the lead's");
  });

  it('reads a title in lower case (taken from its address) without asking for capitals', () => {
    assert.deepEqual(read('microsoft med milliardsatsing i sverige', [], 'no').about, ['microsoft', 'sweden'], 'its actor first');
    assert.deepEqual(read('aws outage hits banks', []).about, ['aws']);
  });
});

describe('entity facts', () => {
  it("gives a figure no sentence gives another to the article's company, not to the place its title names", () => {
    const { facts } = read(
      'Neues Rechenzentrum in Hanau',
      ['Data4 plant auf dem Gelände einen Campus.', 'Der Bau soll 1 Milliarde Euro kosten.'],
      'de',
    );
    assert.deepEqual(
      facts.filter((f) => f.type === 'investment').map((f) => f.entity),
      ['data4'],
    );
    // With no company named, the place holds it (an anonymous developer's project).
    const anonymous = read('Neues Rechenzentrum in Hanau', ['Der Bau soll 1 Milliarde Euro kosten.'], 'de').facts;
    assert.deepEqual(
      anonymous.filter((f) => f.type === 'investment').map((f) => f.entity),
      ['hanau'],
    );
  });

  it('attaches a figure to the site the sentence names, else the company nearest to it', () => {
    const { facts } = read('Data center plans', [
      'OpenAI and Oracle said Stargate Abilene will reach 1.2 GW.',
      'Blackstone will invest €2 billion, while Brookfield pledged $5 billion.',
    ]);
    const capacity = facts.find((f) => f.type === 'capacity');
    assert.equal(capacity?.entity, 'stargate-abilene');
    assert.deepEqual(
      facts.filter((f) => f.type === 'investment').map((f) => [f.entity, f.type === 'investment' && f.currency]),
      [
        ['blackstone', 'EUR'],
        ['brookfield', 'USD'],
      ],
    );
  });

  it("gives a status to the sentence's subject, and an anonymous project's figures to the place it names", () => {
    const status = read('Data center news', ['Microsoft, with Equinix as partner, broke ground in Frankfurt.']).facts.find(
      (f) => f.type === 'status',
    );
    assert.deepEqual(status?.type === 'status' && [status.entity, status.status], ['microsoft', 'construction']);
    const anonymous = read('A developer plans a campus', ['A 300 MW data center is planned in Frankfurt.']).facts;
    assert.deepEqual(
      anonymous.filter((f) => f.type === 'capacity').map((f) => f.entity),
      ['frankfurt'],
    );
  });

  it("gives a company's project to the company, not to the government body that approves or funds it", () => {
    const facts = read('Data center news', [
      'The Thailand Board of Investment approved a 300 MW data center by Equinix worth $1 billion.',
    ]).facts;
    assert.deepEqual(
      facts.map((f) => [f.type, f.entity]),
      [
        ['capacity', 'equinix'],
        ['investment', 'equinix'],
        ['status', 'equinix'],
      ],
    );
    const own = read('Data center news', ['The Ministry of Economy, Trade and Industry will provide ¥45.5 billion in subsidies.']).facts;
    assert.deepEqual(
      own.filter((f) => f.type === 'investment').map((f) => f.entity),
      ['jp-meti'],
      'a body with no company named holds its own figures',
    );
  });

  /** The statuses read in a title and sentences, in order. */
  const statusesOf = (title: string, sentences: string[], language = 'en') =>
    read(title, sentences, language)
      .facts.filter((f) => f.type === 'status')
      .map((f) => f.type === 'status' && f.status);

  it('tells land bought or sold, and a planning instrument approved as zoning rather than a permit', () => {
    assert.deepEqual(statusesOf('Data center land', ['The city sold 20 hectares of land to Microsoft.']), ['land-acquired']);
    assert.deepEqual(statusesOf('Data center land', ['Google a acquis un terrain de 51 hectares.'], 'fr'), ['land-acquired']);
    assert.deepEqual(statusesOf('Microsoft buys Nuance', []), ['sale'], 'an acquisition with no land is a sale');
    assert.deepEqual(statusesOf('Centros de datos', ['El Gobierno aprobó el Plan de Interés General de Microsoft.'], 'es'), ['zoning']);
    assert.deepEqual(statusesOf('Centros de datos', ['El Gobierno aprobó la licencia de Microsoft.'], 'es'), ['permitted']);
    assert.deepEqual(
      statusesOf('Rechenzentrum', ['Das Grundstück hat Microsoft bereits gekauft; das Grundstück erworben hat es 2024.'], 'de'),
      ['land-acquired'],
    );
    assert.deepEqual(statusesOf('Centros de datos', ['Blackstone trabajará en las parcelas adquiridas en Calatorao.'], 'es'), [
      'land-acquired',
    ]);
  });

  it('tells a memorandum of understanding as a disclosed plan, and a council that votes a project down as its end', () => {
    assert.deepEqual(statusesOf('Data centre park', ['Microsoft signed an MoU with the state to develop a data centre park.']), [
      'disclosed',
    ]);
    assert.deepEqual(statusesOf('Pusat data', ['Telkom menandatangani nota kesepahaman dengan Microsoft.'], 'id'), ['disclosed']);
    assert.deepEqual(statusesOf('Rechenzentrum', ['Die Stadtverordneten haben das Projekt von Vantage abgelehnt.'], 'de'), ['cancelled']);
  });

  it('tells outages by attack or damage and works begun in the words of each language', () => {
    assert.deepEqual(statusesOf('Data center news', ['A ransomware attack hit Equinix on Monday.']), ['outage']);
    assert.deepEqual(statusesOf('Pusat data', ['Layanan Microsoft diretas dan tidak dapat diakses.'], 'id'), ['outage']);
    assert.deepEqual(statusesOf('Rechenzentrum', ['Ein Teil des Rechenzentrums von Equinix wurde zerstört.'], 'de'), ['outage']);
    assert.deepEqual(statusesOf('Data center news', ['Microsoft has begun building its campus.']), ['construction']);
    assert.deepEqual(statusesOf('Rechenzentrum', ['Equinix legt den Grundstein für ein Rechenzentrum.'], 'de'), ['construction']);
    assert.deepEqual(statusesOf('Pusat data', ['Microsoft sedang membangun pusat data.'], 'id'), ['construction']);
  });

  it('converts an amount to US dollars at the rate of its year', () => {
    const fact = read('Microsoft to invest €1 billion in Spain', []).facts.find((f) => f.type === 'investment');
    assert.ok(fact?.type === 'investment' && fact.usd! > 1e9 && fact.usd! < 1.3e9);
  });

  it('tells the status and the stage from the cue words of the language', () => {
    const status = (title: string, language: string) => read(title, [], language).facts.find((f) => f.type === 'status');
    assert.equal(
      status('Equinix opens its 20 MW Frankfurt campus', 'en')?.type === 'status' &&
        status('Equinix opens its 20 MW Frankfurt campus', 'en')!.status,
      'operational',
    );
    const facts = read('Equinix nimmt 20-MW-Rechenzentrum in Frankfurt in Betrieb', [], 'de').facts;
    assert.deepEqual(
      facts.map((f) => (f.type === 'capacity' ? `capacity ${f.mw} ${f.stage}` : f.type === 'status' ? `status ${f.status}` : f.type)),
      ['capacity 20 live', 'status operational'],
    );
    const cancelled = read('Microsoft scraps data center plan in Wisconsin', []).facts;
    assert.deepEqual(
      cancelled.map((f) => f.type === 'status' && f.status),
      ['cancelled'],
    );
  });

  it('dates a future event, and a future opening is no status yet', () => {
    const { facts } = read('Data center vote', ['The county board will vote on Meta’s rezoning on March 12, 2027.'], 'en');
    const event = facts.find((f) => f.type === 'event-date');
    assert.deepEqual(event && { ...event, sentence: undefined }, {
      entity: 'meta',
      sentence: undefined,
      type: 'event-date',
      what: 'vote',
      date: '2027-03-12',
    });
    const opening = read('Google data center', [
      'Google said the 100 MW campus is under construction and will be commissioned in 2027.',
    ]).facts;
    assert.ok(!opening.some((f) => f.type === 'status' && f.status === 'operational'));
    assert.ok(opening.some((f) => f.type === 'capacity' && f.stage === 'construction'));
    const today = read('Viettel data center', ['Viettel inaugurated its data centre on April 10.'], 'en', new Date('2024-04-10T09:00:00Z'));
    assert.ok(!today.facts.some((f) => f.type === 'event-date'), 'the publication day is today, not next year');
    const dates = (sentence: string, language = 'en') =>
      read('Data center news', [sentence], language)
        .facts.filter((f) => f.type === 'event-date')
        .map((f) => f.type === 'event-date' && `${f.entity} ${f.date}`);
    assert.deepEqual(dates('Equinix will start construction next month.'), ['equinix 2026-06'], 'relative to the publication');
    assert.deepEqual(dates('Equinix will begin construction by the end of the year.'), ['equinix 2026']);
    assert.deepEqual(dates('Equinix opened the site in October.'), [], 'a month named alone in a past sentence');
    // Published on May 1: a day a few weeks before is the recent past, not next year; one months before is next year's.
    assert.deepEqual(dates('Viettel held a groundbreaking ceremony on April 23.'), [], 'the recent past');
    assert.deepEqual(dates('Equinix will open the campus on January 15.'), ['equinix 2027-01-15'], 'next year');
    assert.deepEqual(dates('The council voted on 3 February 2026 against the Equinix project.'), [], 'a past day with its year');
  });
});
