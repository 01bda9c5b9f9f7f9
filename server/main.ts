import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

/** `npm start`: the site and the Supabase-compatible API on one port. */
async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  // The first line is machine-read by tests that start the server as a child process.
  console.log(`listening on ${server.url}`);
  console.log(`database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL 17 in ${config.dataDir}/db`}`);
  if (!config.smtpUrl) {
    console.log(`mail: kept in ${config.dataDir}/mail${config.devMailbox ? `, listed at ${server.url}/_dev/mail` : ' (DEV_MAILBOX=true lists it at /_dev/mail)'}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  server.cluster?.onUnexpectedExit((reason) => {
    console.error(`${reason}\nThe site cannot work without its database: exiting.`);
    process.exit(1);
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
