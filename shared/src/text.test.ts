import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isCleanText } from './text.js';

test('bidirectional embeddings, overrides and isolates are refused; the marks right-to-left text needs are not', () => {
  for (let code = 0x202a; code <= 0x202e; code++) assert.equal(isCleanText(`a${String.fromCharCode(code)}b`), false, code.toString(16));
  for (let code = 0x2066; code <= 0x2069; code++) assert.equal(isCleanText(`a${String.fromCharCode(code)}b`), false, code.toString(16));
  for (const mark of ['\u200e', '\u200f', '\u061c']) assert.equal(isCleanText(`نور${mark} Nour`), true, mark.charCodeAt(0).toString(16));
  assert.equal(isCleanText('Zoë O’Brien\tשלום\n北京'), true);
});
