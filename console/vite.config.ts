import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Replaced by the API in every answer (src/console/console-files.ts names the same text). */
const CSP_NONCE_PLACEHOLDER = 'CONSOLE_CSP_NONCE';

/**
 * The console is served by the API at /console (src/console): built into ../dist/console with
 * hashed file names. `npm run dev -w console` serves it with hot reload and sends /api to the API
 * at CONSOLE_API (default http://127.0.0.1:3000), so the session cookie stays same-origin.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  // A placeholder the API replaces with a fresh nonce in every answer of the page (src/console):
  // Vite puts it on its tags and in <meta property="csp-nonce">, where React Aria finds it for
  // the few <style> elements it adds (scroll locking, press handling).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    // No inline script or style in index.html: the console's Content-Security-Policy forbids both.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
    // The first screen's budget (200 kB of JavaScript, gzip) is checked on the whole initial load;
    // React and the router are one chunk of about 500 kB before compression.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': process.env.CONSOLE_API ?? 'http://127.0.0.1:3000' },
  },
});
