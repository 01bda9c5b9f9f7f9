import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

// The production server inlines the backend address into each page; the dev server's page
// still reads it from the API server's /env.js.
const apiTarget = process.env.VITE_DEV_API_URL ?? 'http://127.0.0.1:3000'

const devRuntimeConfig: Plugin = {
  name: 'dev-runtime-config',
  apply: 'serve',
  transformIndexHtml: () => [{ tag: 'script', attrs: { src: '/env.js' }, injectTo: 'head' }],
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), devRuntimeConfig],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/env.js': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The server bundle (dist-ssr/) needs no copy of public/: dist/ serves it.
    copyPublicDir: !isSsrBuild,
  },
}))
