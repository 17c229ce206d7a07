import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify } from './interests.js';

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

  it('falls back on the source default categories and explains it', () => {
    const c = classify({ title: 'Weekly notes', text: 'Nothing specific.', sourceCategories: ['operations'] });
    assert.equal(c.interest, 'operations');
    assert.deepEqual(c.reasons, [{ interest: 'operations', rule: 'source default category', where: 'source', weight: 1 }]);
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
