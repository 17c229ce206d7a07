import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayWidth, formatFields, formatTable, visible } from './table.js';

describe('formatTable', () => {
  it('aligns columns under their headers, with a rule and no trailing blanks', () => {
    const table = formatTable(
      [
        { id: 'golem', status: 'ok' },
        { id: 'a-longer-id', status: '' },
      ],
      ['id', 'status'],
    );
    assert.equal(table, ['id           status', '-----------  ------', 'golem        ok', 'a-longer-id'].join('\n'));
  });

  it('lines up cells with accents, CJK and emoji by the columns a terminal gives them', () => {
    const names = ['Wen Li', '李文', 'José', 'Zoe\u0308', 'Ana 🚀', 'ｆｕｌｌ'];
    const table = formatTable(
      names.map((name, i) => ({ name, phone: String(i) })),
      ['name', 'phone'],
    );
    assert.equal(
      table,
      [
        'name      phone',
        '--------  -----',
        'Wen Li    0',
        '李文      1',
        'José      2',
        'Zoe\u0308       3',
        'Ana 🚀    4',
        'ｆｕｌｌ  5',
      ].join('\n'),
    );
  });

  it('shows control characters instead of sending them to the terminal', () => {
    const table = formatTable([{ name: 'Eve\x1b[2J\x1b]0;pwned\x07', note: 'two\nlines' }], ['name', 'note']);
    assert.doesNotMatch(table, /[\x00-\x08\x0b-\x1f\x7f]/);
    assert.match(table, /Eve\\u001b\[2J\\u001b\]0;pwned\\u0007/);
    assert.equal(table.split('\n').length, 3, 'a newline in a cell does not add a row');
    const [header, , row] = table.split('\n');
    assert.equal(header!.indexOf('note'), row!.indexOf('two'), 'the escaped cell is measured as printed');
  });
});

describe('formatFields', () => {
  it('aligns the values after the longest key and shows control characters', () => {
    assert.equal(
      formatFields([
        ['id', 'golem'],
        ['last error', 'bad\rgateway'],
      ]),
      'id:          golem\nlast error:  bad\\u000dgateway',
    );
  });
});

describe('visible', () => {
  it('escapes C0 and C1 controls and bidirectional overrides, and leaves printable text alone', () => {
    assert.equal(visible('a\x1bb\x9bc\u202ed'), 'a\\u001bb\\u009bc\\u202ed');
    assert.equal(visible('Ünïcødé 李文 🚀'), 'Ünïcødé 李文 🚀');
  });
});

describe('displayWidth', () => {
  it('counts what a terminal shows', () => {
    assert.equal(displayWidth('abc'), 3);
    assert.equal(displayWidth('Zoe\u0308'), 3, 'a combining mark takes no column');
    assert.equal(displayWidth('李文'), 4);
    assert.equal(displayWidth('🚀'), 2);
    assert.equal(displayWidth('👩‍💻'), 2, 'one emoji sequence');
    assert.equal(displayWidth('🇫🇷'), 2);
  });
});
