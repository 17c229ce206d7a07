import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PackedIndex, TownTable } from './town-table.js';

test('a packed index finds every key it was given, the first value of a repeated key, and nothing else', () => {
  const keys = Array.from({ length: 5000 }, (_, i) => `town ${i.toString(36)}`);
  const index = new PackedIndex([...keys.map((k, i) => [k, i] as const), ['town 0', 99]]);
  assert.equal(index.size, 5000);
  keys.forEach((k, i) => assert.equal(index.get(k), i));
  assert.equal(index.get('town 0'), 0);
  assert.equal(index.get('town'), undefined);
  assert.equal(index.get(''), undefined);
  assert.equal(index.get('town 00'), undefined);
});

test('a town table gives back each town as it was read, by number and by id', () => {
  const towns = [
    { id: 'encamp', name: 'Encamp', country: 'AD' },
    { id: 'kraków', name: 'Kraków', country: 'PL', aliases: ['Cracow', 'Krakau'] },
    { id: 'san-jose-cr', name: 'San José', country: 'CR' },
  ];
  const table = new TownTable(towns);
  assert.equal(table.size, 3);
  assert.deepEqual([...table], towns);
  assert.deepEqual(table.get('kraków'), towns[1]);
  assert.equal(table.indexOf('san-jose-cr'), 2);
  assert.equal(table.countryAt(2), 'CR');
  assert.equal(table.idAt(0), 'encamp');
  assert.equal(table.get('krakow'), undefined);
  // A copy: changing what it gave does not change the table.
  table.get('kraków')!.aliases!.push('Krakov');
  assert.deepEqual(table.get('kraków')!.aliases, ['Cracow', 'Krakau']);
});
