import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rankFacts, type SummaryArticle } from './facts.js';
import { clauseCuts } from './trim-clause.js';

const article = (text: string, language: string): SummaryArticle => ({
  id: 'a',
  sourceId: 's',
  sourceWeight: 1,
  title: 'Data center news',
  text: `${text} The site will open in 2027 in Lisbon.`,
  language,
});
const shown = (text: string, language: string) => rankFacts([article(text, language)], 'en').map((f) => f.shown.text);

describe('a trailing evaluative clause', () => {
  it('is cut from a fact, the part kept ending with a full stop (en, de, es)', () => {
    assert.ok(
      shown(
        'Microsoft has announced that it will invest $10 billion to build an AI data center on the coast of Portugal, marking one of its largest investments in Europe this year.',
        'en',
      ).includes('Microsoft has announced that it will invest $10 billion to build an AI data center on the coast of Portugal.'),
    );
    assert.ok(
      shown(
        'NVIDIA und die Deutsche Telekom kündigen eine gemeinsame Investition von 1 Milliarde Euro an, um eines der größten europäischen Rechenzentren für KI-Infrastruktur zu errichten.',
        'de',
      ).includes('NVIDIA und die Deutsche Telekom kündigen eine gemeinsame Investition von 1 Milliarde Euro an.'),
    );
    assert.ok(
      shown(
        'El consejero de Fomento, Octavio López, ha firmado este viernes el PIGA de Aragón, un paso decisivo para ejecutar la iniciativa en los próximos diez años.',
        'es',
      ).includes('El consejero de Fomento, Octavio López, ha firmado este viernes el PIGA de Aragón.'),
    );
  });

  it('is kept when the clause states no evaluation', () => {
    const plain = 'Equinix opened its AM9 data center in Amsterdam with 40 MW, making the site available to customers from May.';
    assert.ok(shown(plain, 'en').includes(plain));
  });

  it('never leaves a fragment without a verb or of fewer than six words', () => {
    assert.deepEqual(clauseCuts('Microsoft’s $10 billion AI campus in Sines, marking its largest bet in Europe.', 'en'), []);
    assert.deepEqual(clauseCuts('Acme has invested $1bn, marking a record.', 'en'), []);
    assert.deepEqual(clauseCuts('Acme will build a 40 MW site, marking a record.', 'xx'), []);
  });
});
