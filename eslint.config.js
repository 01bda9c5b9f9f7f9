import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'dist-ssr', 'node_modules', 'data', 'screenshots', 'test-results', 'playwright-report', '.tmp'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Public and admin code stay apart: the admin area is composed only in src/app/admin.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/admin/*', '@/features/admin-*', '@/features/account/*'],
              message: 'Public code must not import admin code (it would land in the public bundle).',
            },
          ],
        },
      ],
    },
  },
  {
    // The admin area may use everything.
    files: ['src/app/admin/**', 'src/features/admin-*/**', 'src/features/account/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['e2e/**', 'scripts/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
)
