import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const isAdmin = (feature) => feature.startsWith('admin-') || feature === 'account'
const publicOnly = {
  group: ['@/app/admin/*', '@/features/admin-*', '@/features/account/*'],
  message: 'Public code must not import admin code (it would land in the public bundle).',
}

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
      'no-restricted-imports': ['error', { patterns: [publicOnly] }],
    },
  },
  {
    // The admin area may use everything.
    files: ['src/app/admin/**', 'src/features/admin-*/**', 'src/features/account/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // One zone per feature: a feature does not import another one; src/app composes them, and
  // what two features share lives in src/lib or src/components.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((other) => other !== feature).flatMap((other) => [`@/features/${other}`, `@/features/${other}/**`]),
              message: 'A feature must not import another feature: compose them in src/app, or move shared code to src/lib or src/components.',
            },
            { group: ['@/app', '@/app/**'], message: 'Features do not import the app shell; src/app imports them.' },
            ...(isAdmin(feature) ? [] : [publicOnly]),
          ],
        },
      ],
    },
  })),
  {
    // One way to toast: src/lib/toast (sonner loads with the first toast); only its host and the
    // Toaster's styling import sonner itself.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/toaster-host.tsx', 'src/components/ui/sonner.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='sonner']:not([importKind='type'])", message: "Toast through '@/lib/toast', not sonner directly." },
      ],
    },
  },
  {
    files: ['e2e/**', 'scripts/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
)
