import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // PGlite start-up and astro builds are slow on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
