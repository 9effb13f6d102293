// @ts-check
// ESLint flat config.
//
// - Every file: @eslint/js recommended.
// - TypeScript (src, test, demo, bench, scripts): typescript-eslint `strictTypeChecked` with
//   type information from tsconfig.json, plus strict promise handling. A floating or misused
//   promise in an action means a step that ends green before its work is done, or an
//   unhandled rejection that nobody reports.
// - JavaScript (the config files at the root): recommended rules only; they are not part of
//   the TypeScript project.
// - Tests keep the promise rules but drop the ones that fight normal test code
//   (non-null assertions on values the test just created, `expect(obj.method)`, async fakes).
// Formatting is Prettier's job: none of these rules are about layout.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig([
  globalIgnores(['dist/', 'lib/', 'coverage/', 'node_modules/']),

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' }
  },

  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts}'],
    extends: [js.configs.recommended],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node }
    },
    rules: {
      eqeqeq: ['error', 'smart'],
      'prefer-const': 'error',
      'no-var': 'error',
      'object-shorthand': ['error', 'properties']
    }
  },

  {
    files: ['**/*.{ts,mts,cts}'],
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname
      }
    },
    rules: {
      // Promises: every promise is awaited, returned, or explicitly `void`ed.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/prefer-promise-reject-errors': 'error',

      // Errors: only Error objects are thrown; catch variables are `unknown`.
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/use-unknown-in-catch-callback-variable': 'error',

      // Exhaustive handling of job states and other unions.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true }
      ],

      // Type imports: matches `verbatimModuleSyntax` in tsconfig.json.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' }
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',

      // Pragmatic adjustments to `strict`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true
        }
      ],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true }
      ],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // `while (true)` is the natural shape of a poll loop.
      '@typescript-eslint/no-unnecessary-condition': [
        'error',
        { allowConstantLoopConditions: 'only-allowed-literals' }
      ]
    }
  },

  {
    files: ['test/**/*.{ts,mts,cts}'],
    languageOptions: {
      globals: { ...globals.jest }
    },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `expect(client.method).toHaveBeenCalled()` is not an unbound call.
      '@typescript-eslint/unbound-method': 'off',
      // Fakes often implement an async interface without awaiting anything.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      // Tests inspect parsed JSON bodies and jest's `any`-typed matchers.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off'
    }
  }
])
