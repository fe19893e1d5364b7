import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The console is served by the API under /console/ (src/modules/console): same origin, so the
// `session` cookie and the CSP's 'self' cover every request and asset. No CDN, no inline script.
export default defineConfig({
  root,
  base: '/console/',
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Inline assets would be data: URLs; keep everything a same-origin file.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
  },
});
