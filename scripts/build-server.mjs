// `npm run build:server`: the server as one ES module in dist-server/, run by plain `node`
// (no TypeScript compiler at run time). Packages stay in node_modules; SQL and the built site are
// read from the project directory at run time.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts' },
  outdir: 'dist-server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // the oldest Node package.json allows; at 'node20' esbuild drops import attributes, and Node
  // refuses a JSON module without `with { type: 'json' }` (src/lib/integrity/reader-text.ts)
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  outExtension: { '.js': '.mjs' },
});
