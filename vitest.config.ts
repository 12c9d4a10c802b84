import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Two files at a time, not Vitest's default of one less than the cores (one here): a file
    // mostly waits (on PGlite's worker thread, child processes, sockets, timers), so one at a time
    // kept about half a core busy. On the 2-core machine, at load 10-16 from other work, the suite
    // took 13.8 min with two against 21.0 min with one.
    maxWorkers: 2,
    // PGlite start-up and astro builds are slow on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
