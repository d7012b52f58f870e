import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'src/api/schema.d.ts', 'server/db/migrations', 'docs/statecharts', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/views/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@/api/*', '**/api/*', 'openapi-fetch'] }],
    },
  },
  {
    files: ['tests/**', 'server/db/seed/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // CommonJS on purpose: run by any Node.js, however old (scripts/check-node.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
