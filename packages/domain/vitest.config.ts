import { defineConfig } from 'vitest/config';

// Pure functions: the files share their worker's modules rather than import them anew each (which
// took three quarters of the run).
export default defineConfig({ test: { isolate: false } });
