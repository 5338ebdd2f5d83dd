import { defineConfig } from 'vitest/config';

// The web's pure modules (formatting, reducers, rules) run in Node: nothing here needs a DOM.
export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: { include: ['test/**/*.test.ts'] },
});
