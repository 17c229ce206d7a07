import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fold, foldKeep, foldKeepingVowelMarks, foldLetters, foldStrip, lowerCompatible } from './fold.js';

describe('folds (language/fold.ts): one file, differences by name', () => {
  it('fold drops accents and keeps the letters NFKD keeps; foldLetters spells those out', () => {
    assert.equal(fold('Łódź Øresund Straße'), 'łodz øresund straße');
    assert.equal(foldLetters('Łódź Øresund Straße'), 'lodz oresund strasse');
    assert.equal(fold('ÉQUINIX'), 'equinix');
  });

  it('foldKeepingVowelMarks keeps the marks that are letters in their script', () => {
    assert.equal(foldKeepingVowelMarks('সৌর'), 'সৌর'.normalize('NFKD'));
    assert.notEqual(fold('সৌর'), foldKeepingVowelMarks('সৌর'));
    assert.equal(foldKeepingVowelMarks('Café'), 'cafe');
  });

  it("the cue lists' strip and keep: apostrophes unified, marks dropped or kept", () => {
    assert.equal(foldStrip('L’été à Łódź'), "l'ete a lodz");
    assert.equal(foldKeep('L’été'), "l'été");
    assert.equal(foldStrip('ى'), 'ي');
    assert.equal(lowerCompatible('ＡＢＣ'), 'abc');
  });
});
