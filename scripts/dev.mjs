// `npm run dev`: the API server (restarted on change) behind Vite's dev server with hot reload.
// Vite (port 3000) proxies /env.js to the API (3001), whose answer points supabase-js at the API directly.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT || '3001';
const env = { ...process.env, PORT: apiPort, SERVE_SITE: 'false', VITE_DEV_API_URL: `http://127.0.0.1:${apiPort}` };
const children = [
  // tsx directly, not through npx: a stop signal then reaches the server, which stops PostgreSQL.
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', process.env.PORT || '3000', '--host', process.env.HOST || '127.0.0.1'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
