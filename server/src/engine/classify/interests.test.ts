import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldLexicon } from '../lexicon/lexicon.js';
import { classify, type InterestModel, interestModel, languagesOf } from './interests.js';

const cases: Array<[string, string, string, string]> = [
  ['security', 'en', 'Ransomware attack hits colocation provider in Oslo', 'Customers lost access to the portal after the breach.'],
  ['security', 'de', 'Sicherheitslücke in BMC-Firmware von Servern', 'Angreifer können die Sicherheitslücke aus der Ferne ausnutzen.'],
  ['regulations', 'nl', 'Haarlemmermeer verlengt moratorium op datacenters', 'De gemeenteraad besloot tot een nieuwe verordening.'],
  [
    'regulations',
    'fr',
    'La loi sur la sobriété numérique impose des obligations aux centres de données',
    'Le décret est paru au Journal officiel.',
  ],
  ['marketTrends', 'en', 'Blackstone completes acquisition of data center operator', 'The deal values the company at $16 billion.'],
  ['marketTrends', 'ja', 'NTTがデータセンター事業者を買収', '買収額は約2000億円となる。'],
  [
    'operations',
    'en',
    'Cooling failure causes outage at London data center',
    'Customers saw downtime of four hours before service was restored.',
  ],
  ['operations', 'es', 'Un apagón provoca la caída de un centro de datos en Madrid', 'La interrupción duró tres horas.'],
  ['technology', 'en', 'Nvidia unveils new GPU for AI training', 'The accelerator doubles memory bandwidth.'],
  [
    'infrastructure',
    'en',
    'Developer breaks ground on 300 MW data center campus in Texas',
    'Construction of the substation starts in January.',
  ],
];

/** [interest, language, title, lead, the concept that must be named among the title's reasons] */
const inEveryScript: Array<[string, string, string, string, string]> = [
  ['security', 'ja', '大手クラウド事業者がランサムウェア被害', '復旧には数日かかる見通し。', 'ransomware'],
  ['infrastructure', 'zh', '腾讯在天津开工建设超大规模数据中心', '项目总投资50亿元。', 'groundbreaking'],
  ['security', 'zh-TW', '駭客入侵雲端服務商，客戶資料外洩', '約有十萬筆資料受影響。', 'cyberattack'],
  ['operations', 'ko', '데이터센터 정전으로 금융 서비스 장애', '복구에 세 시간이 걸렸다.', 'power-outage'],
  [
    'regulations',
    'ar',
    'الحكومة تصدر لائحة جديدة لتنظيم مراكز البيانات',
    'وتلزم اللائحة المشغلين بالإفصاح عن استهلاك الطاقة.',
    'regulation',
  ],
  ['marketTrends', 'he', 'קרן השקעות רוכשת את מפעילת חוות השרתים', 'העסקה מוערכת ב-300 מיליון דולר.', 'acquisition'],
  [
    'security',
    'ru',
    'Обнаружена уязвимость в системе управления серверами',
    'Производитель выпустил обновление безопасности.',
    'vulnerability',
  ],
  ['operations', 'el', 'Πυρκαγιά σε κέντρο δεδομένων στη Θεσσαλονίκη', 'Η πυροσβεστική έθεσε τη φωτιά υπό έλεγχο.', 'fire'],
  ['technology', 'th', 'เอไอเอสเปิดตัวบริการ GPU คลาวด์สำหรับงานปัญญาประดิษฐ์', 'บริการจะเริ่มในเดือนหน้า', 'gpu'],
  ['marketTrends', 'hi', 'रिलायंस डेटा सेंटर कारोबार में 10,000 करोड़ रुपये का निवेश करेगी', 'कंपनी ने यह जानकारी दी।', 'investment'],
  ['operations', 'de', 'Kühlungsausfall im Rechenzentrum: Kunden stundenlang offline', 'Der Betreiber prüft die Ursache.', 'outage'],
  ['technology', 'fr', "Nouvelle puce d'IA pour les serveurs des centres de données", 'Elle sera produite à partir de 2027.', 'chip'],
  [
    'regulations',
    'es',
    'El Ayuntamiento concede la licencia de obras al centro de datos de Meta',
    'El proyecto ocupa 180 hectáreas.',
    'permit',
  ],
  ['infrastructure', 'it', 'Posata la prima pietra del nuovo data center di Milano', 'La struttura avrà 30 MW.', 'groundbreaking'],
  ['security', 'pt', 'Ataque hacker derruba sistemas de provedor de nuvem', 'Os clientes ficaram sem acesso durante horas.', 'cyberattack'],
  ['marketTrends', 'nl', 'Overname van Nederlandse datacenterbouwer afgerond', 'De koper betaalt 120 miljoen euro.', 'acquisition'],
  [
    'infrastructure',
    'pl',
    'Budowa kampusu centrów danych pod Warszawą ruszyła',
    'Pierwszy budynek będzie gotowy w 2026 roku.',
    'construction',
  ],
  ['operations', 'tr', 'Veri merkezinde yangın: hizmetler kesintiye uğradı', 'İtfaiye ekipleri yangını söndürdü.', 'fire'],
  ['regulations', 'uk', 'Уряд ухвалив постанову про захист критичної інфраструктури', 'Документ набуде чинності з січня.', 'regulation'],
  ['infrastructure', 'sv', 'Nytt datacenter byggs i Borlänge', 'Anläggningen får en effekt på 50 MW.', 'construction'],
  ['security', 'fi', 'Tietomurto paljasti asiakkaiden tiedot', 'Yhtiö on ilmoittanut asiasta poliisille.', 'data-breach'],
  ['marketTrends', 'cs', 'Provozovatel datových center zvýšil tržby o 20 procent', 'Zisk vzrostl na 300 milionů korun.', 'earnings'],
  ['infrastructure', 'vi', 'Khởi công trung tâm dữ liệu tại Bình Dương', 'Dự án có tổng vốn 2.000 tỷ đồng.', 'groundbreaking'],
  ['technology', 'id', 'Perusahaan meluncurkan layanan cloud berbasis kecerdasan buatan', 'Layanan tersedia mulai bulan depan.', 'ai'],
  ['operations', 'sr', 'Пожар у дата центру у Нишу, оштећени сервери', 'Ватрогасци су угасили пожар.', 'fire'],
  ['infrastructure', 'sr', 'Počela izgradnja data centra u Kragujevcu', 'Objekat će imati 10 MW.', 'construction'],
  ['regulations', 'ca', 'El Parlament aprova la llei de centres de dades', 'La norma entrarà en vigor el gener.', 'regulation'],
  ['operations', 'hu', 'Áramszünet bénította meg az adatközpontot', 'A szolgáltatások három órán át nem voltak elérhetők.', 'power-outage'],
  [
    'marketTrends',
    'ro',
    'Grupul a finalizat achiziția operatorului de centre de date',
    'Valoarea tranzacției nu a fost făcută publică.',
    'acquisition',
  ],
  ['infrastructure', 'ms', 'Pembinaan pusat data baharu di Johor bermula', 'Projek itu bernilai RM3 bilion.', 'construction'],
  ['security', 'bn', 'সাইবার হামলায় ডেটা সেন্টারের তথ্য চুরি', 'তদন্ত চলছে।', 'cyberattack'],
  ['regulations', 'fa', 'مجلس قانون جدید مراکز داده را تصویب کرد', 'این قانون از سال آینده اجرا می‌شود.', 'regulation'],
  ['operations', 'lt', 'Duomenų centre kilo gaisras', 'Gaisras užgesintas per valandą.', 'fire'],
  [
    'regulations',
    'tr',
    'Bulut sağlayıcılarına yeni zorunluluk: veriler yurt içinde saklanacak',
    'Düzenleme gelecek yıl yürürlüğe giriyor.',
    'obligation',
  ],
];

describe('interests in every language, from the lexicon', () => {
  for (const [interest, lang, title, text, concept] of inEveryScript) {
    it(`${lang}: "${title}" is ${interest}, because of ${concept}`, () => {
      const c = classify({ title, text, sourceCategories: [] });
      assert.equal(c.interest, interest, JSON.stringify(c.reasons.map((r) => `${r.rule} ${r.interest} +${r.weight}`)));
      const reason = c.reasons.find((r) => r.concept === concept && r.interest === interest && r.where === 'title');
      assert.ok(reason, `a title reason names ${concept}`);
      assert.ok(reason.rule.startsWith(concept) && reason.rule.includes(reason.term!), reason.rule);
    });
  }

  it('covers 20+ languages, every script of the brief and every interest', () => {
    const langs = new Set(inEveryScript.map(([, lang]) => lang.split('-')[0]));
    assert.ok(langs.size >= 20);
    for (const l of ['ja', 'zh', 'ko', 'ar', 'he', 'ru', 'el', 'th', 'hi']) assert.ok(langs.has(l), l);
    for (const interest of ['infrastructure', 'technology', 'marketTrends', 'security', 'operations', 'regulations'])
      assert.ok(
        inEveryScript.some(([i]) => i === interest),
        interest,
      );
  });

  it("uses the story's languages when the caller knows them, and the scripts it sees", () => {
    assert.equal(classify({ title: 'Avbrott i datacenter', text: '', sourceCategories: [], languages: ['sv'] }).interest, 'operations');
    const c = classify({ title: 'データセンターで火災', text: '', sourceCategories: [], languages: ['en'] });
    assert.equal(c.interest, 'operations');
    assert.ok(c.reasons.some((r) => r.concept === 'fire' && r.term === '火災'));
  });

  it('tells the languages of a story from its scripts and words', () => {
    const lexicon = fieldLexicon();
    assert.deepEqual(languagesOf('データセンターを建設', '', [], lexicon), ['ja']);
    assert.deepEqual(languagesOf('数据中心', '', [], lexicon), ['zh']);
    assert.deepEqual(languagesOf('Центр обробки даних у Києві', '', [], lexicon), ['uk']);
    assert.deepEqual(languagesOf('مرکز داده جدید در تهران', '', [], lexicon), ['fa']);
    assert.deepEqual(languagesOf('مركز بيانات جديد في الرياض', '', [], lexicon), ['ar']);
    assert.ok(languagesOf('Un apagón provoca la caída de un centro de datos', '', [], lexicon).includes('es'));
    assert.deepEqual(languagesOf('Whatever the title says', '', ['ko'], lexicon).sort(), ['en', 'ko']);
  });
});

describe('interest classification', () => {
  for (const [interest, lang, title, text] of cases) {
    it(`${lang}: "${title}" is ${interest}`, () => {
      const c = classify({ title, text, sourceCategories: [] });
      assert.equal(c.interest, interest, JSON.stringify(c.scores));
      assert.ok(
        c.reasons.some((r) => r.interest === interest && r.where === 'title'),
        'the title decided it, and says so',
      );
    });
  }

  it('files a story with nothing of the field under the commonest interest, and a source category adds its points', () => {
    assert.equal(classify({ title: 'Weekly notes', text: 'Nothing specific.', sourceCategories: [] }).interest, 'infrastructure');
    const model: InterestModel = {
      base: { infrastructure: 1, technology: 0, marketTrends: 0, security: 0, operations: 0, regulations: 0 },
      fallback: { title: 0, lead: 0, text: 0 },
      concepts: {},
      sources: { operations: { operations: 1.5 } },
    };
    const c = classify({ title: 'Weekly notes', text: 'Nothing specific.', sourceCategories: ['operations'] }, fieldLexicon(), model);
    assert.equal(c.interest, 'operations');
    assert.deepEqual(c.reasons, [{ interest: 'operations', rule: 'source default category operations', where: 'source', weight: 1.5 }]);
  });

  it('gives stories with the same finding one shared reason, written as before', () => {
    const a = classify({ title: 'Ransomware attack hits colocation provider', text: '', sourceCategories: [] });
    const b = classify({ title: 'Ransomware attack hits colocation provider in Oslo', text: 'A second text.', sourceCategories: [] });
    const ransomware = (c: typeof a) => c.reasons.find((r) => r.concept === 'ransomware' && r.where === 'title');
    assert.ok(ransomware(a));
    assert.equal(ransomware(a), ransomware(b), 'one object for both stories (docs/decisions/517)');
    assert.equal(ransomware(a)!.rule, `ransomware "${ransomware(a)!.term}"`);
    assert.deepEqual(Object.keys(ransomware(a)!), ['interest', 'rule', 'where', 'weight', 'concept', 'term']);
  });

  it("ships a model whose concepts are the lexicon's (a renamed concept is renamed there too, or refitted)", () => {
    const model = interestModel();
    const concepts = new Set(fieldLexicon().concepts.keys());
    // A concept added since the fit gives the lexicon's points times the place's fallback until the next fit.
    for (const id of Object.keys(model.concepts)) assert.ok(concepts.has(id), `${id} is not in the lexicon`);
    for (const places of Object.values(model.concepts))
      for (const points of Object.values(places)) for (const w of Object.values(points)) assert.ok(w > 0 && w < 20);
    assert.ok(Object.values(model.base).every((w) => w >= 0));
  });

  it("adds up the model's points: the base, then each reason", () => {
    const c = classify({
      title: 'Data center cuts PUE to 1.1 with free cooling',
      text: 'The operator reports its water use too.',
      sourceCategories: ['infrastructure'],
    });
    const model = interestModel();
    for (const interest of c.interests) {
      const sum = c.reasons.filter((r) => r.interest === interest).reduce((s, r) => s + r.weight, model.base[interest]);
      assert.ok(Math.abs(c.scores[interest] - sum) < 1e-3, interest);
    }
    assert.ok(c.reasons.every((r) => r.weight > 0));
    assert.ok(c.reasons.some((r) => r.concept === 'pue' && r.where === 'title' && r.interest === 'operations'));
    assert.ok(c.reasons.some((r) => r.concept === 'water-use' && r.where === 'lead'));
  });

  it('gives a concept the weight of the place it is found in', () => {
    const model: InterestModel = {
      base: { infrastructure: 0, technology: 0, marketTrends: 0, security: 0, operations: 0, regulations: 0 },
      // Concepts the model does not list give the lexicon's points times the place's fallback: none here.
      fallback: { title: 0, lead: 0, text: 0 },
      concepts: { ransomware: { title: { security: 3 }, lead: { security: 2 } }, outage: { text: { operations: 2.5 } } },
      sources: {},
    };
    const lexicon = fieldLexicon();
    const inTitle = classify(
      { title: 'Ransomware at a colocation provider', text: 'First paragraph.\nA later outage.', sourceCategories: [] },
      lexicon,
      model,
    );
    assert.deepEqual(
      inTitle.reasons.map((r) => [r.concept, r.where, r.interest, r.weight]),
      [
        ['ransomware', 'title', 'security', 3],
        ['outage', 'text', 'operations', 2.5],
      ],
    );
    assert.equal(inTitle.scores.security, 3);
    // Operations is nearly as likely (within log 2 of the best): a secondary interest, with its reason.
    assert.deepEqual(inTitle.interests, ['security', 'operations']);
    const alone = classify({ title: 'Ransomware at a colocation provider', text: '', sourceCategories: [] }, lexicon, model);
    assert.deepEqual(alone.interests, ['security']);
  });

  it('lists secondary interests that score at least half of the best', () => {
    const c = classify({
      title: 'Regulator fines operator after ransomware attack',
      text: 'The regulation requires reporting within 24 hours.',
      sourceCategories: [],
    });
    assert.ok(c.interests.includes('security') && c.interests.includes('regulations'));
  });
});
