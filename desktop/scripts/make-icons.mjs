// The app's icons from the one SVG the web app uses (web/public/favicon.svg), drawn with resvg:
// build/icon.png (1024 px; electron-builder makes the macOS .icns, the Windows .ico and Linux's sizes from it)
// resources/icon.png (the window's, 256 px) and resources/tray.png + tray@2x.png (the tray icon, 16 and 32 px).
// Run by `npm run desktop:package`; the results are committed so `electron-vite preview` has them too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const desktop = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(desktop, '../web/public/favicon.svg'));

function png(size, file) {
  const out = path.join(desktop, file);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
  console.log(`${file} ${size}x${size}`);
}

png(1024, 'build/icon.png');
png(256, 'resources/icon.png');
png(16, 'resources/tray.png');
png(32, 'resources/tray@2x.png');
