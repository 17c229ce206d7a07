// Writes brotli (.br) and gzip (.gz) copies of the built web app's text files beside them, once per build, at
// the highest levels (too slow per request, free at build time); the server picks one by Accept-Encoding
// (server/src/http/static-web.ts). A copy is kept only when it saves something. Run by `npm run build -w web`;
// `node web/scripts/precompress.mjs DIR` compresses another folder.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico']);
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 512;

export function precompress(dir) {
  const written = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name.startsWith('.')) continue; // .vite/manifest.json is build metadata, never served
    if (statSync(file).isDirectory()) {
      written.push(...precompress(file));
      continue;
    }
    if (!COMPRESSIBLE.has(path.extname(name))) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    for (const [ext, out] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      if (out.length >= bytes.length) continue;
      writeFileSync(file + ext, out);
      written.push({ file: file + ext, raw: bytes.length, size: out.length });
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(import.meta.dirname, '../dist');
  const written = precompress(dist);
  const total = (ext) => written.filter((w) => w.file.endsWith(ext)).reduce((sum, w) => sum + w.size, 0);
  console.log(
    `precompressed ${written.length / 2} files: ${(total('.br') / 1024).toFixed(1)} KB brotli, ${(total('.gz') / 1024).toFixed(1)} KB gzip`,
  );
}
