// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      '.supabase-local/',
      'bench/out/',
      'test-results/',
      'playwright-report/',
      // Its own package with its own tsconfig: `npm test` type-checks it with `tsc -p studio`.
      'studio/',
      // Deno code (Edge Functions and their runtime): Deno type-checks it (npm run check:functions).
      'supabase/functions/',
      'tests/fixtures/functions/',
      'local-supabase/functions/runtime/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Template literals with numbers are idiomatic for URLs and messages.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  ...astro.configs.recommended,
  {
    // Plain JS config and scripts are not part of a TS project: lint them without type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
