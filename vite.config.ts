import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { loadAppAfterContent } from './scripts/vite/load-app-after-content'

// The production server inlines the backend address into each page; the dev server's page
// still reads it from the API server's /env.js.
const apiTarget = process.env.VITE_DEV_API_URL ?? 'http://127.0.0.1:3000'

const devRuntimeConfig: Plugin = {
  name: 'dev-runtime-config',
  apply: 'serve',
  transformIndexHtml: () => [{ tag: 'script', attrs: { src: '/env.js' }, injectTo: 'head' }],
}

// The entry stays its own chunk: the page's inline loader imports it (scripts/vite/load-app-after-content.ts).
const ENTRY = /[\\/]src[\\/]main\.tsx$|index\.html/
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query)|clsx|class-variance-authority)[\\/]/

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), devRuntimeConfig, loadAppAfterContent()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The server's LINK_ALLOWLIST, so pages and the database's guard judge outbound links alike.
  define: {
    'import.meta.env.VITE_LINK_ALLOWLIST': JSON.stringify(process.env.VITE_LINK_ALLOWLIST ?? process.env.LINK_ALLOWLIST ?? ''),
  },
  server: {
    proxy: { '/env.js': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the es2022 target allows supports <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    // The server bundle (dist-ssr/) needs no copy of public/: dist/ serves it.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // What every page runs anyway, as one file: on HTTP/1.1 a page's many small framework
            // chunks queue behind each other (6 connections) and hold back its first paint.
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                // The rest of what the entry imports statically (layout, auth state, small helpers)
                // as one file too: gzip compresses one 15 kB file better than twenty small ones.
                { name: 'app', tags: ['$initial'], test: (id) => !ENTRY.test(id), priority: 1 },
              ],
            },
          },
        },
  },
}))
