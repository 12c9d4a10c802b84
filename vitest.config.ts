import { defineConfig } from 'vitest/config';
import { lazyStringsPlugin } from './src/i18n/lazy-strings-plugin';

export default defineConfig({
  // Islands import some of their strings as modules (the sign-in dialog's), as in the build.
  plugins: [lazyStringsPlugin()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // PGlite start-up and astro builds are slow on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
