import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractArticle } from './extract.js';
import { EntityIndex } from './recognize.js';
import { readSeedEntities, shippedTowns } from './seed.js';

const index = new EntityIndex(readSeedEntities(), shippedTowns());
const read = (title: string, sentences: string[], language = 'en') =>
  extractArticle(index, { title, sentences, language, publishedAt: new Date('2026-05-01T12:00:00Z') });
const found = (sentence: string, language = 'en') => read('News', [sentence], language).found.map((f) => [f.id, f.kind, f.name]);

describe('names the seed list does not hold, found by their legal form or cue', () => {
  it('finds a company by its legal form, in many languages, and meets its short form again', () => {
    assert.deepEqual(found('The site was sold to Quorvane Holdings Ltd last week.'), [
      ['quorvane-holdings', 'company', 'Quorvane Holdings Ltd'],
    ]);
    assert.deepEqual(found('Die Velmora Rechenzentren GmbH plant einen Neubau.', 'de'), [
      ['velmora-rechenzentren', 'company', 'Velmora Rechenzentren GmbH'],
    ]);
    assert.deepEqual(found('Hanke on Tarvola Data Oy:n ensimmäinen.', 'fi'), [['tarvola-data', 'company', 'Tarvola Data Oy']], 'inflected');
    assert.deepEqual(found('Proyek ini digarap oleh PT Sinar Awan Digital bersama mitra.', 'id'), [
      ['sinar-awan-digital', 'company', 'PT Sinar Awan Digital'],
    ]);
    assert.deepEqual(found('Акционером стало ООО «Зорбакс» в прошлом году.', 'ru'), [['зорбакс', 'company', 'Зорбакс']]);
    assert.deepEqual(found('株式会社ゾルバックスが新拠点を開設した。', 'ja'), [['ゾルバックス', 'company', 'ゾルバックス']]);
    const { facts, entities } = read('Quorvane Corporation plans a campus', ['Quorvane said the campus will reach 200 MW.']);
    assert.deepEqual(entities, ['quorvane']);
    assert.deepEqual(
      facts.filter((f) => f.type === 'capacity').map((f) => f.entity),
      ['quorvane'],
      'the short form of the name holds the figure',
    );
  });

  it('leaves known companies and words that are no names alone', () => {
    assert.deepEqual(found('Microsoft Corporation said it will build in Ohio.'), []);
    assert.deepEqual(found('Snapchat, Fortnite, and Duolingo, as well as banks, were down.'), []);
    assert.deepEqual(found('Leading data centre opens in Vietnam.'), []);
    assert.deepEqual(found('The company plans a new AI data center and a 200MW campus in Frankfurt.'), []);
    assert.deepEqual(found('The Frankfurt data center and the Espoo and Kirkkonummi data centers grow.'), []);
    assert.deepEqual(found('With this project, Velmora will grow.'), []);
  });

  it('folds a government of a place to one identity across languages', () => {
    const ids = [
      found('The Government of Aragon approved the plan.'),
      found('El Gobierno de Aragón aprobó el plan.', 'es'),
      found('Aragon’s regional government approved the plan.'),
    ].map((list) => list.map(([id]) => id));
    assert.deepEqual(ids, [['aragon-government'], ['aragon-government'], ['aragon-government']]);
    assert.deepEqual(
      found('The Maharashtra government signed the deal.').map(([id, kind]) => [id, kind]),
      [['maharashtra-government', 'company']],
    );
  });

  it("reads a country's government named alone as the government of the one country the article names, else its outlet's or language's", () => {
    const ids = (title: string, sentences: string[], language: string) =>
      read(title, sentences, language).found.map((f) => [f.id, f.role, f.aliases[0]]);
    assert.deepEqual(ids('Pusat data di Indonesia', ['Pemerintah akan membangun pusat data nasional.'], 'id'), [
      ['indonesia-government', 'government', 'Pemerintah'],
    ]);
    assert.deepEqual(ids('Rechenzentrum in Deutschland', ['Die Bundesregierung begrüßte den Bau.'], 'de'), [
      ['germany-government', 'government', 'Bundesregierung'],
    ]);
    // A domestic report need not name its country: the outlet's, else the language's.
    assert.deepEqual(ids('Pusat data', ['Pemerintah akan membangun pusat data nasional.'], 'id'), [
      ['indonesia-government', 'government', 'Pemerintah'],
    ]);
    const austrian = extractArticle(index, {
      title: 'Neues Rechenzentrum',
      sentences: ['Die Bundesregierung begrüßte den Bau.'],
      language: 'de',
      publishedAt: new Date('2026-05-01T12:00:00Z'),
      country: 'AT',
    });
    assert.deepEqual(
      austrian.found.map((f) => f.id),
      ['austria-government'],
    );
    assert.deepEqual(
      ids('Pusat data di Indonesia dan Malaysia', ['Pemerintah akan membangun pusat data nasional.'], 'id'),
      [],
      'two countries named',
    );
  });

  it('finds ministries and agencies by their head word', () => {
    assert.deepEqual(
      found('The Ministry of Digital Transformation and Water said so.').map(([, , name]) => name),
      ['Ministry of Digital Transformation and Water'],
    );
    assert.deepEqual(
      found('Menurut Kementerian Kelautan dan Perikanan, layanan pulih.', 'id').map(([, , name]) => name),
      ['Kementerian Kelautan dan Perikanan'],
    );
    assert.deepEqual(
      found('Das Digitalministerium begrüßte den Bau.', 'de').map(([, , name]) => name),
      ['Digitalministerium'],
    );
    assert.deepEqual(
      found('The Velmora County Commission voted 3-0.').map(([, , name]) => name),
      ['Velmora County Commission'],
    );
    assert.deepEqual(
      found('A fire hit the National Data Archive Service on Friday.').map(([, , name]) => name),
      ['National Data Archive Service'],
    );
    assert.deepEqual(found('The Data Archive Service said so.'), [], 'a service is a body when the state’s word opens its name');
    assert.deepEqual(
      found('대전 국가데이터보관관리원에서 화재가 발생했다.', 'ko').map(([, , name]) => name),
      ['국가데이터보관관리원'],
    );
    assert.deepEqual(
      found('データ保管庁は復旧を急ぐ。', 'ja').map(([, , name]) => name),
      ['データ保管庁'],
    );
    const { entities } = read('Outage', ['Badan Arsip Awan Negara (BAAN) menyatakan layanan pulih.', 'BAAN meminta maaf.'], 'id');
    assert.deepEqual(entities, ['badan-arsip-awan-negara'], 'the acronym in parentheses is its short form');
  });

  it('finds universities in Latin letters and in Hangul', () => {
    assert.deepEqual(
      [
        found('Researchers at Tarvola University built it.'),
        found('The University of Tarvola hosts the cluster.'),
        found('La Universitat Tarvola de Velmora lo aloja.', 'ca'),
        found('타르볼라대학교는 센터를 열었다.', 'ko'),
      ].map((list) => list.map(([, , name]) => name)),
      [['Tarvola University'], ['University of Tarvola'], ['Universitat Tarvola de Velmora'], ['타르볼라대학교']],
    );
  });

  it('reads cloud regions and zones as sites, as the providers write them', () => {
    const sites = (sentence: string) => read('Cloud outage', [sentence], 'en').entities.filter((id) => /^(?:us|eu|europe|asia)-/.test(id));
    assert.deepEqual(sites('Water in a cooling pump took down europe-west9-a, one zone of europe-west9.'), [
      'europe-west9-a',
      'europe-west9',
    ]);
    assert.deepEqual(sites('AWS said us-east-1 and eu-central-2 were degraded for three hours.'), ['us-east-1', 'eu-central-2']);
    // Words that look alike are not regions: a direction, a road, a compound adjective.
    assert.deepEqual(sites('The us-led consortium builds east-west links on the europe-wide grid.'), []);
  });

  it("reads a series of site codes as the campus's buildings, each its own site, in an article about a data center", () => {
    const article = (sentences: string[]) =>
      read('Fire at a data center in Strasbourg', sentences, 'en').entities.filter((id) => /^sbg|^hbm/.test(id));
    assert.deepEqual(article(['The fire destroyed SBG-2.', 'Part of SBG-1 burned too.', 'SBG-4 was not hit.']), ['sbg2', 'sbg1', 'sbg4']);
    // One building however its number is written: "SBG-2" in one sentence, "SBG2" in the next.
    assert.deepEqual(article(['The fire destroyed SBG-2.', 'SBG2 and SBG-1 were near.']), ['sbg2', 'sbg1']);
    // The data-center word in the plural, in the sentence's own language.
    assert.deepEqual(
      read('Incendie', ['Les centres de données SBG2 et SBG3 sont touchés.'], 'fr').entities.filter((id) => /^sbg/.test(id)),
      ['sbg2', 'sbg3'],
    );
    // One code alone, with no data-center word in its sentence, is not a site; nor two of a chip's memory.
    assert.deepEqual(article(['The fire destroyed SBG2.']), []);
    assert.deepEqual(
      read('Nvidia ships new chips', ['The GPUs move from HBM2 to HBM3 memory.']).entities.filter((id) => /^hbm/.test(id)),
      [],
    );
  });

  it('finds named sites by a project, campus or data-center cue, and site codes', () => {
    assert.deepEqual(
      found('Blackstone filed Project Velmora with the county.').map(([id, kind]) => [id, kind]),
      [['velmora', 'site']],
    );
    assert.deepEqual(
      found('El proyecto Velmora ocupará 200 hectáreas.', 'es').map(([id, kind]) => [id, kind]),
      [['velmora', 'site']],
    );
    assert.deepEqual(
      found('Works began at the Tarvola Park campus in May.').map(([, kind, name]) => [kind, name]),
      [['site', 'Tarvola Park campus']],
    );
    assert.deepEqual(
      found('Pembangunan Pusat Data Velmora dimulai.', 'id').map(([, , name]) => name),
      ['Pusat Data Velmora'],
    );
    assert.deepEqual(
      found('Works began at the An Tarvo Data Centre.').map(([, , name]) => name),
      ['An Tarvo Data Centre'],
      'a function word with a capital inside a sentence is part of a name',
    );
    assert.deepEqual(
      found('Its first data center, VLM01, opens in 2027.').map(([, kind, name]) => [kind, name]),
      [['site', 'VLM01']],
    );
    assert.deepEqual(found('Prices rose by USD8 a share.'), []);
    const { facts } = read('Velmora news', ['Blackstone will invest €4 billion in Project Velmora.']);
    assert.deepEqual(
      facts.filter((f) => f.type === 'investment').map((f) => f.entity),
      ['velmora'],
      'a figure goes to the site the sentence names',
    );
  });

  it('takes a park named for what it hosts for a place, so a project built there keeps its figures', () => {
    assert.deepEqual(
      found('The centre will rise in the Tarvola Industrial Park.').map(([, kind, name]) => [kind, name]),
      [['place', 'Tarvola Industrial Park']],
    );
    assert.deepEqual(
      found('It opens at the Velmora Hi-Tech Park next year.').map(([, kind, name]) => [kind, name]),
      [['place', 'Velmora Hi-Tech Park']],
    );
    const { facts } = read('Quorvane Corporation plans a data center', [
      'The Quorvane Corporation project, worth $400 million, will be built in the Tarvola Industrial Park.',
    ]);
    assert.deepEqual(
      facts.filter((f) => f.type === 'investment').map((f) => f.entity),
      ['quorvane'],
      'the company holds the figure, not the park',
    );
  });
});
