import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const isAdmin = (feature) => feature.startsWith('admin-') || feature === 'account'
const publicOnly = {
  group: ['@/app/admin/*', '@/features/admin-*', '@/features/account/*'],
  message: 'Public code must not import admin code (it would land in the public bundle).',
}

// The backend from the browser, one way each (decision 0020): public pages read through the render
// context's typed public client (src/lib/public-api.ts); sign-in and staff actions on public pages
// load the full client lazily (src/lib/supabase-lazy.ts); only the admin area, already a chunk of
// its own, holds the eager client.
const eagerClient = {
  group: ['@/lib/supabase', './supabase', '../supabase'],
  message: "Public code reads through useRenderContext().api, and signs in with loadSupabase() from '@/lib/supabase-lazy': the eager client would put supabase-js in the public JavaScript.",
}
const supabaseJs = {
  group: ['@supabase/*'],
  allowTypeImports: true,
  message: 'Public code must not load supabase-js: read through useRenderContext().api, or loadSupabase() for sign-in.',
}
const lazyClient = {
  group: ['@/lib/supabase-lazy'],
  message: 'Only sign-in (src/features/auth) loads the full client on public pages; reads go through useRenderContext().api.',
}
const publicClient = {
  group: ['@/lib/public-api', '@/lib/render-context'],
  importNames: ['createPublicApi', 'createRenderContext'],
  message: 'Admin code reads with the signed-in client (@/lib/supabase); the public client reads as a visitor.',
}

const sharedFiles = ['src/lib/**', 'src/components/**', 'src/content/**']

// Who may import whom, by file path (import-x/no-restricted-paths), so a relative import breaks a
// boundary as surely as an aliased one, and the one zone rule is not replaced by another block's
// rule of the same name (the block for the files the server imports sets its own import patterns).
const serverServices = ['auth', 'backup', 'integrity', 'realtime', 'rest', 'site', 'storage']
const serverPlumbing = ['http', 'db', 'observability', 'mail']
// The one crossing left: backups read and write stored files through the storage engine (where the
// bytes live: disk or S3), not through the storage service. Moving the engine out of server/storage
// into a shared folder removes it.
const serviceExceptions = { 'backup->storage': ['./blob-store.ts', './disk.ts', './make-store.ts'] }
const zones = [
  // bulletproof-react's zones: shared code knows no feature and no part of the app shell;
  // features import it, src/app composes features, and a feature does not import another one.
  ...sharedFiles.map((glob) => ({
    target: `./${glob.replace('/**', '')}`,
    from: ['./src/features', './src/app'],
    message: 'src/lib, src/components and src/content are shared: they must not import a feature or src/app (pass what differs in as props or type parameters).',
  })),
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature: compose them in src/app, or move shared code to src/lib or src/components.',
  })),
  { target: './src/features', from: './src/app', message: 'Features do not import the app shell; src/app imports them.' },
  // The server's plumbing serves every service and knows none; a service does not import another
  // one (server/app.ts, server/server.ts and server/cli compose them).
  ...serverPlumbing.map((dir) => ({
    target: `./server/${dir}`,
    from: serverServices.map((service) => `./server/${service}`),
    message: `server/${dir} is shared plumbing: it must not import a service (pass what it needs in).`,
  })),
  ...serverServices.flatMap((service) => serverServices.filter((other) => other !== service).map((other) => ({
    target: `./server/${service}`,
    from: `./server/${other}`,
    except: serviceExceptions[`${service}->${other}`] ?? [],
    message: 'A service must not import another service: move what they share to server/http, server/db or a top-level module, or compose them in server/app.ts.',
  }))),
]

// The src files the Node server imports (and what they import in turn): plain TypeScript with
// relative imports only, nothing of the browser's.
function serverImportedFiles() {
  const found = new Set()
  const visit = (file) => {
    for (const candidate of [file, `${file}.ts`, `${file}.tsx`]) {
      if (!existsSync(candidate) || !/\.tsx?$/.test(candidate)) continue
      const relative = path.relative(import.meta.dirname, candidate)
      if (found.has(relative)) return
      if (relative.startsWith('src/')) found.add(relative)
      for (const [, spec] of readFileSync(candidate, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) visit(path.resolve(path.dirname(candidate), spec))
      return
    }
  }
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        for (const [, spec] of readFileSync(full, 'utf8').matchAll(/from '((?:\.\.\/)+src\/[^']+)'/g)) visit(path.resolve(dir, spec))
      }
    }
  }
  walk(path.join(import.meta.dirname, 'server'))
  return [...found]
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
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [publicOnly, eagerClient, supabaseJs, lazyClient] }],
    },
  },
  {
    files: sharedFiles,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [publicOnly, eagerClient, supabaseJs, lazyClient] }] },
  },
  {
    // The clients themselves, and sign-in (the one public feature that loads the full client).
    files: ['src/lib/supabase.ts', 'src/lib/supabase-lazy.ts', 'src/lib/public-api.ts', 'src/lib/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [publicOnly] }] },
  },
  {
    // No import cycles anywhere: a loop makes module order (and so initialisation) depend on
    // which file happens to load first, and ties modules that should change apart.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.app.json', 'tsconfig.node.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    // The admin area uses the signed-in client and everything else, never the visitor's.
    files: ['src/app/admin/**', 'src/features/admin-*/**', 'src/features/account/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [publicClient] }] },
  },
  // Per feature, what path zones cannot say: public features stay off admin code and the eager
  // client, admin features off the visitor's client.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: isAdmin(feature) ? [publicClient] : [publicOnly, eagerClient, supabaseJs, ...(feature === 'auth' ? [] : [lazyClient])] },
      ],
    },
  })),
  {
    // Loaded by Node as they are: no path alias, no browser libraries.
    files: serverImportedFiles(),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/*'], message: 'The server imports this file: relative imports only (Node does not resolve "@/").' },
            { group: ['react', 'react-dom', 'react-dom/*', 'react-router', '@tanstack/*', '@supabase/*'], allowTypeImports: true, message: 'The server imports this file: no browser libraries.' },
          ],
        },
      ],
    },
  },
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
