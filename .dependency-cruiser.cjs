// The layering of README "How the parts fit", checked by `npm run lint` (inside `npm test`). The server's
// layers are listed once, in scripts/lint/server-layers.cjs. Type-only imports count too: a type from a higher
// layer is a back-edge all the same.
const { serverLayers } = require('./scripts/lint/server-layers.cjs');

const S = '^server/src/';
const layers = serverLayers.map((layer) => layer.folders);
const folder = (name) => `${S}${name}/`;
const composition = `${S}(cli/|[^/]+\\.ts$)`;

/** For each layer: what it may not import (every folder above it, and the composition files). */
const layerRules = layers.map((names, i) => ({
  name: `layer-${names.join('-')}`,
  comment: `${names.join(', ')} may import only the layers below (${
    layers.slice(0, i).flat().join(', ') || 'none'
  }): see README "How the parts fit"`,
  severity: 'error',
  from: { path: `${S}(${names.join('|')})/`, pathNot: '\\.test\\.tsx?$' },
  to: {
    path: [
      ...layers
        .slice(i + 1)
        .flat()
        .map(folder),
      composition,
    ],
  },
}));

// Side by side in one layer, folders stay out of each other (http and mail, delivery and audio).
const sideways = layers
  .filter((names) => names.length > 1)
  .flatMap((names) => names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b])))
  .flatMap(([a, b]) => [
    { name: `no-${a}-to-${b}`, severity: 'error', from: { path: folder(a) }, to: { path: folder(b) } },
    { name: `no-${b}-to-${a}`, severity: 'error', from: { path: folder(b) }, to: { path: folder(a) } },
  ]);

// The engine's floors, lowest first (server/src/engine/README.md "Floors"): a folder of the engine imports only
// its own floor and the floors below, never the orchestration files at the top (engine.ts, ingest.service.ts,
// entities.ts); types.ts (the item types) and engine.config.ts (the settings) are for every floor. The stages
// after model/ and sources/ run in this order in a pass. Tests may reach any floor.
const engineFloors = [
  'language',
  'lexicon',
  'model',
  'sources',
  'translate',
  'fetch',
  'normalize',
  'intake',
  'cluster',
  'classify',
  'summarize',
  'edition',
];
const engineTop = `${S}engine/(engine|ingest\\.service|entities)\\.ts$`;
/** Imports against the order that remain, each named: remove the entry when its import goes. */
const engineFloorExceptions = {
  // Titles and leads are translated sentence by sentence with the summarizer's splitter (which reads month names
  // from summarize/fact-lexicon.ts): the splitter belongs in language/ once the month names do.
  translate: `${S}engine/summarize/sentences\\.ts$`,
};
const engineFloorRules = engineFloors.map((floor, i) => ({
  name: `engine-floor-${floor}`,
  comment: `engine/${floor}/ may import only ${engineFloors.slice(0, i).join(', ') || 'no other engine folder'} (server/src/engine/README.md "Floors")`,
  severity: 'error',
  from: { path: `${S}engine/${floor}/`, pathNot: '\\.test\\.tsx?$' },
  to: {
    path: [...engineFloors.slice(i + 1).map((above) => `${S}engine/${above}/`), engineTop],
    ...(engineFloorExceptions[floor] ? { pathNot: engineFloorExceptions[floor] } : {}),
    // model/'s entities name the shapes later stages store in them (a story's classification and summaries) by
    // type only.
    ...(floor === 'model' ? { dependencyTypesNot: ['type-only'] } : {}),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means two parts know each other: one of them belongs lower.',
      severity: 'error',
      from: { path: '^(server|web|shared|desktop)/src/' },
      to: { circular: true },
    },
    ...layerRules,
    ...sideways,
    ...engineFloorRules,
    {
      name: 'delivery-reads-the-engine-through-its-port',
      comment: 'delivery/ reads editions through edition-port.ts; only the adapter (engine-edition.ts) imports engine/',
      severity: 'error',
      from: { path: `${S}delivery/`, pathNot: `${S}delivery/engine-edition\\.ts$|\\.test\\.ts$` },
      to: { path: `${S}engine/` },
    },
    {
      name: 'audio-reads-the-engine-through-its-port',
      severity: 'error',
      from: { path: `${S}audio/`, pathNot: `${S}audio/engine-[^/]+\\.ts$|\\.test\\.ts$` },
      to: { path: `${S}engine/` },
    },
    {
      name: 'engine-language-is-the-ground-floor',
      comment:
        "engine/language/ is the engine's ground floor for language knowledge (docs/decisions/222): it imports no other part of the engine",
      severity: 'error',
      from: { path: `${S}engine/language/` },
      to: { path: `${S}engine/`, pathNot: `${S}engine/language/` },
    },
    {
      name: 'server-code-not-from-tests',
      comment: 'Product code never imports test support',
      severity: 'error',
      from: { path: '^(server|web|shared|desktop)/src/', pathNot: '\\.test\\.tsx?$|/test-support/' },
      to: { path: ['^server/test/', '^e2e/', '\\.test\\.tsx?$'] },
    },
    {
      name: 'shared-is-the-contract',
      comment: 'shared/ imports nothing of the app',
      severity: 'error',
      from: { path: '^shared/src/' },
      to: { path: '^(server|web|desktop)/' },
    },
    {
      name: 'web-is-not-the-server',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^(server|desktop)/' },
    },
    // Web: routes compose features; features do not import each other; ui, lib and hooks know no feature.
    {
      name: 'web-no-feature-to-feature',
      comment: 'A feature does not import another feature: lift what both need to components/, hooks/ or lib/, or compose them in a route',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-knows-no-feature',
      severity: 'error',
      from: { path: '^web/src/(components|lib|hooks)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^web/src/(features|app)/', pathNot: '^web/src/app/paths\\.ts$' },
    },
    {
      name: 'web-features-not-from-app',
      comment: 'features/ sit below app/ (routes, router); only paths.ts, the typed route map, is for everyone',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/', pathNot: '^web/src/app/paths\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.lint.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
