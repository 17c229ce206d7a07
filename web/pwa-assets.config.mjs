// Icons of the installable web app, generated from the one brand mark (public/favicon.svg) by
// @vite-pwa/assets-generator: `npm run icons -w web` writes them into public/, where they are committed.
// The favicon.ico of public/ stays as it is (made before); the maskable icon has the brand blue behind the mark,
// the mark inside the safe zone.
import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

export const THEME_COLOR = '#1d4ed8';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    transparent: { ...minimal2023Preset.transparent, favicons: [] },
    maskable: { ...minimal2023Preset.maskable, padding: 0.3, resizeOptions: { background: THEME_COLOR } },
    apple: { ...minimal2023Preset.apple, padding: 0.3, resizeOptions: { background: THEME_COLOR } },
  },
  images: ['public/favicon.svg'],
});
