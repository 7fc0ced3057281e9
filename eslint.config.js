// @ts-check
// `npm run lint` (and the tail of `npm run check`). Correctness rules only, no stylistic ones, and no
// type-aware linting: tsc/astro check already type-check, and ESLint stays fast on two cores.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', '.wrangler/', '.astro/', '.tmp/', 'worker-configuration.d.ts']),

  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,

  {
    name: 'project/rules',
    rules: {
      // `_`-prefixed names mark deliberately unused parameters, bindings and caught errors.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `interface Env extends Cloudflare.Env {}` is how the ambient env types merge (as wrangler's own output does).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },

  {
    name: 'project/islands',
    // React islands and their hooks.
    files: ['src/ui/**/*.tsx', 'src/ui/**/use-*.ts'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },

  {
    // Build, seed and test tooling runs on Node.
    name: 'project/node',
    files: ['scripts/**', 'seed/**', 'tests/**', '*.config.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },

  {
    name: 'project/tests',
    files: ['tests/**'],
    rules: {
      // Tests read untyped JSON bodies and D1 rows; `any` there keeps assertions short and checks nothing less.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
