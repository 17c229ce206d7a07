// tsc compiles only TypeScript: data files the server reads at run time (the source catalog) are copied
// next to the compiled code so `node server/dist/main.js` finds them where the source tree has them.
import { cpSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../src');
const dist = path.resolve(import.meta.dirname, '../dist');
const ASSET = /\.(json)$/;

function copy(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) copy(full);
    else if (ASSET.test(name)) cpSync(full, path.join(dist, path.relative(src, full)));
  }
}
copy(src);
