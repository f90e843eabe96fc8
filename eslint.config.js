// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Dependencies point one way: web -> shared <- server; sim depends on nothing of ours (ARCHITECTURE §3.1). */
const forbid = (...names) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: names.map((name) => ({
        group: [
          `@parley/${name}`,
          `@parley/${name}/*`,
          `**/packages/${name}/**`,
          `../../${name}/**`,
          `../${name}/**`,
        ],
        message: `This package must not import @parley/${name} (web -> shared <- server).`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e-artifacts/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration in src/config/ only (ARCHITECTURE §3.5).',
        },
      ],
    },
  },
  {
    // Type-aware rules: each file is checked against the tsconfig that includes it (tsc -b's projects).
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // In no tsconfig, so there are no types to lint with: the JavaScript files and the root/Vite configs.
    ...tseslint.configs.disableTypeChecked,
    files: ['**/*.{js,mjs,cjs}', '*.config.ts', 'packages/web/vite.config.ts'],
  },
  { files: ['packages/shared/**'], rules: forbid('server', 'web', 'sim') },
  { files: ['packages/server/**'], rules: forbid('web', 'sim') },
  { files: ['packages/server/**/*.test.ts', 'packages/server/test/**'], rules: forbid('web') },
  { files: ['packages/sim/**'], rules: forbid('server', 'web', 'shared') },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    ignores: ['packages/web/e2e/**', 'packages/web/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid('server', 'sim') },
  },
  {
    // Tests, scripts and config may read the environment; application code may not.
    files: [
      'packages/server/src/config/**',
      '**/*.test.ts',
      'packages/server/test/**',
      'packages/web/e2e/**',
      'bench/**',
      'scripts/**',
      '*.config.*',
      'packages/*/vite.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
