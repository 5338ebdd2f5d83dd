import { defineConfig } from 'vitest/config';

// Files that replace one of the app's modules (vi.mock) get a module graph of their own; every
// other file shares its worker's: these are pure modules, and importing them anew for each file
// took three quarters of the run.
const ownModules = ['test/lib/session-end.test.ts'];

// The web's pure modules (formatting, reducers, rules) run in Node: nothing here needs a DOM.
export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    projects: [
      { extends: true, test: { name: 'web', include: ['test/**/*.test.ts'], exclude: ownModules, isolate: false } },
      { extends: true, test: { name: 'web-own-modules', include: ownModules } },
    ],
  },
});
