import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = 'http://localhost:3000';
const themeColor = '#059669';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The installable app and its service worker, so the cash desk opens with no network. It keeps the built app (every page's code, small enough to keep whole), never an
    // answer of the API: money and sign-in are asked afresh, and the desk keeps its own copy of
    // what is owed in IndexedDB. main.tsx registers it after the first load.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'SchoolLedger',
        short_name: 'SchoolLedger',
        description: 'School fee management for Nigerian school groups.',
        start_url: '/bursar/cash-payments',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: themeColor,
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        // A page opened with no network gets the app, which routes it; the server's own paths do not.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(api|uploads|assets|m)\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { proxy: { '/api': api, '/uploads': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
