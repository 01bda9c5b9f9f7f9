import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { log } from './observability/log.ts';

/** `npm start`: the site and the Supabase-compatible API on one port. */
async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  // Plain text, not a log line: tests, benchmarks and scripts that start the server read it.
  console.log(`listening on ${server.url}`);
  log.info(`database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL 17 in ${config.dataDir}/db`}`);
  if (!config.smtpUrl) {
    log.info(`mail: kept in ${config.dataDir}/mail${config.devMailbox ? `, listed at ${server.url}/_dev/mail` : ' (DEV_MAILBOX=true lists it at /_dev/mail)'}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    // The grace, draining (10 s) and PostgreSQL's own fast shutdown (20 s at most) come first.
    const force = setTimeout(() => process.exit(1), 40_000 + config.shutdownGraceSeconds * 1000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

// A server that cannot start tells the operator at the terminal in plain words, not as a log line.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
