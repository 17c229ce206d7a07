import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const { serverLayers, composition } = require(path.join(ROOT, 'scripts/lint/server-layers.cjs')) as {
  serverLayers: Array<{ folders: string[]; role: string }>;
  composition: string;
};
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs the project's import-boundary rule (the lint step's) on `dirs` of `cwd`; a minute at most. */
function cruise(cwd: string, dirs: string[]): Promise<Violation[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [DEPCRUISE, ...dirs, '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json', '--no-progress'],
      { cwd, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err?.killed) return reject(new Error(`dependency-cruiser did not finish within a minute and was killed: ${stderr}`));
        // depcruise exits with the number of errors; its JSON report is on stdout either way.
        if (!stdout) return reject(err ?? new Error(stderr));
        try {
          resolve((JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations);
        } catch (parseError) {
          reject(parseError);
        }
      },
    );
  });
}

const layerOf = new Map(serverLayers.flatMap((layer, i) => layer.folders.map((f) => [f, i] as const)));
const folders = [...layerOf.keys()];

describe('architecture: the import-boundary rule', () => {
  let probe: string;

  before(() => {
    // A server tree where every layer folder imports every other one, and a composition file: the rule must
    // refuse exactly the back-edges (and sideways edges inside a layer), and allow every edge downwards.
    probe = mkdtempSync(path.join(tmpdir(), 'dcbrief-layers-'));
    writeFileSync(path.join(probe, 'tsconfig.lint.json'), readFileSync(path.join(ROOT, 'tsconfig.lint.json')));
    writeFileSync(path.join(probe, 'tsconfig.base.json'), readFileSync(path.join(ROOT, 'tsconfig.base.json')));
    const src = path.join(probe, 'server/src');
    for (const f of folders) {
      mkdirSync(path.join(src, f), { recursive: true });
      writeFileSync(path.join(src, f, 'thing.ts'), 'export const thing = 1;\n');
      const imports = folders.filter((other) => other !== f).map((other) => `import '../${other}/thing.js';`);
      writeFileSync(path.join(src, f, 'uses.ts'), `${imports.join('\n')}\nimport '../app.js';\n`);
    }
    // delivery/ and audio/ read the engine through a port: only their adapter file may import engine/.
    writeFileSync(path.join(src, 'delivery/engine-edition.ts'), "import '../engine/thing.js';\n");
    writeFileSync(path.join(src, 'audio/engine-script.ts'), "import '../engine/thing.js';\n");
    writeFileSync(path.join(src, 'app.ts'), folders.map((f) => `import './${f}/thing.js';`).join('\n') + '\n');
    // A cycle inside one folder.
    writeFileSync(path.join(src, 'lib/ping.ts'), "import './pong.js';\nexport const ping = 1;\n");
    writeFileSync(path.join(src, 'lib/pong.ts'), "import './ping.js';\nexport const pong = 1;\n");
  });

  after(() => rmSync(probe, { recursive: true, force: true }));

  it('refuses every import of a higher layer, a neighbour in the same layer, the composition files, the engine outside a port adapter, or a cycle, and nothing else', async () => {
    const violations = await cruise(probe, ['server/src']);
    const found = new Set(
      violations.filter((v) => v.rule.name !== 'no-circular').map((v) => `${v.from.split('/')[2]} -> ${v.to.split('/')[2]}`),
    );
    const expected = new Set<string>();
    for (const from of folders) {
      for (const to of folders) {
        if (from !== to && layerOf.get(to)! >= layerOf.get(from)!) expected.add(`${from} -> ${to}`);
      }
      expected.add(`${from} -> app.ts`);
    }
    // Downwards, yet through their port only (the adapters above pass).
    expected.add('delivery -> engine');
    expected.add('audio -> engine');
    assert.deepEqual([...found].sort(), [...expected].sort());
    assert.ok(
      violations.some((v) => v.rule.name === 'no-circular' && /lib\/p[io]ng\.ts$/.test(v.from)),
      'a cycle is refused',
    );
  });

  it("is the README's layer picture, layer for layer", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const block = readme.slice(readme.indexOf('Layers, lowest first'));
    const lines = block.split('\n').slice(1, serverLayers.length + 2);
    const pictured = lines.map((line) => line.match(/^\s*[\d-]\s+(.+?)\s{2,}/)?.[1]?.trim());
    assert.deepEqual(pictured, [...serverLayers.map((l) => l.folders.map((f) => `${f}/`).join(' · ')), composition]);
  });
});

describe('architecture: the specification the code cites', () => {
  it('is in the repository, and every section a comment cites (docs/SPEC.md §N) exists in it', () => {
    const spec = readFileSync(path.join(ROOT, 'docs/SPEC.md'), 'utf8');
    const sections = new Set([...spec.matchAll(/^## (\d+)\./gm)].map((m) => m[1]));
    const cited = new Map<string, string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist') continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|md)$/.test(entry.name) && full !== path.join(ROOT, 'docs/SPEC.md')) {
          for (const m of readFileSync(full, 'utf8').matchAll(/SPEC\.md §(\d+)(?: and §(\d+))?/g)) {
            for (const n of [m[1], m[2]]) if (n) cited.set(`${path.relative(ROOT, full)} §${n}`, n);
          }
        }
      }
    };
    for (const dir of ['server/src', 'web/src', 'shared/src', 'docs', 'e2e']) walk(path.join(ROOT, dir));
    assert.ok(cited.size > 10, 'the web app and the contract cite the specification');
    assert.deepEqual(
      [...cited].filter(([, n]) => !sections.has(n)).map(([where]) => where),
      [],
    );
  });
});
