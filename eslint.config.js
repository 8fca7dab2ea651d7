// specforge's linter: the rules that catch real defects in this codebase, with the type checker's
// help (one program, tsconfig.test.json, for the toolchain, its tests and benches). Style is the
// formatter's (Prettier, .prettierrc.json): no rule here is about layout.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'src/runtime/dist/**',
      'generated/**',
      'examples/**',
      'test/fixtures/**',
      'test/.tmp/**',
      'bench/.out/**',
      'bench/.cache/**',
      '.specforge-cache/**',
      'node_modules/**',
      'eslint.config.js',
    ],
  },
  {
    files: ['src/**/*.ts', 'generators/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'vitest.config.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // A promise nobody awaits or catches: its rejection is lost, or crashes the process.
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a boolean or a callback's return is expected.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      // `await` on what is not a promise.
      '@typescript-eslint/await-thenable': 'error',
      // A switch over a union (the model's kinds, media types, phases) that forgets a member.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Unused code: variables, imports, parameters (a leading _ marks one kept on purpose).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // No `any` in hand-written code.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      'no-fallthrough': 'error',
      'no-unreachable': 'error',
      'no-self-compare': 'error',
      'no-dupe-keys': 'error',
      'no-duplicate-case': 'error',
      'no-unsafe-finally': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
      'no-cond-assign': ['error', 'except-parens'],
    },
  },
);
