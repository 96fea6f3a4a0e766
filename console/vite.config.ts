import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The console is served by the API at /console (src/console): built into ../dist/console with
 * hashed file names. `npm run dev -w console` serves it with hot reload and sends /api to the API
 * at CONSOLE_API (default http://127.0.0.1:3000), so the session cookie stays same-origin.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    // No inline script or style in index.html: the console's Content-Security-Policy forbids both.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
  server: {
    proxy: { '/api': process.env.CONSOLE_API ?? 'http://127.0.0.1:3000' },
  },
});
