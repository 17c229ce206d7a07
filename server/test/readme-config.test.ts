import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { z } from 'zod';
import { envSchema } from '../src/config.js';
import { engineEnvSchema } from '../src/engine/engine.config.js';

const README = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

/**
 * NODE_ENV is in the schema but not in the table, on purpose: it is Node's own convention, not a setting an
 * operator chooses. The npm scripts set it (`npm run dev`: development, the test runner: test; production
 * otherwise), and no behaviour the table describes depends on it.
 */
const NOT_FOR_OPERATORS = ['NODE_ENV'];

/** Each row of the README's "Configuration" table: the variables of its first column and its Default cell. */
function configurationTable(readme: string): Array<{ names: string[]; defaults: string }> {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0];
  assert.ok(section, 'the README has a "## Configuration" section');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2); // the header and its |---| line
  assert.ok(rows.length > 0, 'the Configuration section has a table');
  return rows.map((row) => {
    const [, variables = '', defaults = ''] = row.split('|');
    const names = [...variables.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    assert.ok(names.length > 0, `a row without a backticked variable: ${row}`);
    return { names, defaults: defaults.trim() };
  });
}

const table = configurationTable(README);
const documented = table.flatMap((row) => row.names);
const schemas: Record<string, z.ZodObject> = { 'server/src/config.ts': envSchema, 'server/src/engine/engine.config.ts': engineEnvSchema };
const read = Object.values(schemas).flatMap((schema) => Object.keys(schema.shape));
const shape: Record<string, z.ZodType> = { ...envSchema.shape, ...engineEnvSchema.shape };

describe("the README's configuration table", () => {
  test('lists exactly the variables the server reads through its config schemas, each once', () => {
    assert.deepEqual(
      documented.filter((name, i) => documented.indexOf(name) !== i),
      [],
      'listed twice',
    );
    assert.deepEqual(
      read.filter((name, i) => read.indexOf(name) !== i),
      [],
      'read by two schemas',
    );
    for (const name of NOT_FOR_OPERATORS) assert.ok(read.includes(name), `${name} is still read (else drop it from NOT_FOR_OPERATORS)`);
    const expected = read.filter((name) => !NOT_FOR_OPERATORS.includes(name));
    assert.deepEqual(
      {
        readButNotInTheReadme: expected.filter((name) => !documented.includes(name)),
        inTheReadmeButReadByNoSchema: documented.filter((name) => !expected.includes(name)),
      },
      { readButNotInTheReadme: [], inTheReadmeButReadByNoSchema: [] },
    );
  });

  test("states each variable's default as the schema has it", () => {
    for (const { names, defaults } of table) {
      // A row of several variables gives their defaults in order ("`a`, *(unset)*, `c`"), or one for all of them.
      const split = names.length === 1 ? [defaults] : defaults.split(/,\s*/);
      const cells = split.length === 1 ? names.map(() => split[0]!) : split;
      assert.equal(cells.length, names.length, `one default per variable: ${names.join(', ')}`);
      names.forEach((name, i) => {
        const cell = cells[i]!;
        const value = shape[name]?.safeParse(undefined);
        assert.ok(value?.success, `${name} has a default or is optional`);
        const literal = /^`([^`]*)`$/.exec(cell)?.[1];
        if (literal === undefined) {
          // "*(unset)*", or a value the server works out at boot ("generated"): the schema has no default.
          assert.equal(value.data, undefined, `${name}: the README says ${cell}`);
        } else if (literal.includes('$')) {
          // Derived from another variable (`http://localhost:$PORT`): worked out by loadConfig, not the schema.
          assert.equal(value.data, undefined, `${name}: the README says ${cell}`);
        } else if (literal.endsWith('(...)')) {
          assert.ok(String(value.data).startsWith(literal.slice(0, -'...)'.length)), `${name}: the README says ${cell}`);
        } else {
          assert.equal(String(value.data), literal, `${name}: the README says ${cell}`);
        }
      });
    }
  });
});
