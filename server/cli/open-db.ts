import type { Config } from '../config.ts';
import type { Db } from '../db/adapter.ts';
import { runningClusterUrl } from '../db/embedded.ts';
import { foreignSchemaProblem, hostedProject } from '../db/foreign-schemas.ts';
import { openPostgres } from '../db/postgres.ts';

/**
 * The site's database for an operator command, closed by the caller: migrated, or, when
 * DATABASE_URL is a hosted Supabase project's (the server's own detection), left as
 * `supabase db push` made it once every migration is found recorded there. A command that cannot
 * apply to a hosted project passes `refuseHosted`: what to use there instead.
 */
export async function openDb(config: Config, refuseHosted?: string): Promise<{ db: Db; hosted: boolean; close(): Promise<void> }> {
  const { openDatabase, prepareDatabase } = await import('../server.ts');
  const running = config.databaseUrl ? undefined : runningClusterUrl(config.dataDir);
  // With `npm start` running on this DATA_DIR, talk to its PostgreSQL instead of starting another.
  const database = running
    ? await openPostgres(running, { poolSize: 2, anonymousConcurrency: 1 }).then((db) => ({ db, close: () => db.close() }))
    : await openDatabase(config);
  try {
    const foreign = config.databaseUrl ? await foreignSchemaProblem(database.db) : undefined;
    if (foreign && refuseHosted) throw new HostedRefusal(refuseHosted);
    // An operator command serves no API, so it needs no SUPABASE_URL to work on the project's database.
    const hosted = Boolean(foreign) && await hostedProject(database.db, true);
    if (!hosted) await prepareDatabase(database.db, config);
    return { ...database, hosted };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** For commands that never open the database: refuses when DATABASE_URL is a hosted project's. */
export async function refuseOnHostedProject(config: Config, instead: string): Promise<void> {
  if (!config.databaseUrl) return;
  const db = await openPostgres(config.databaseUrl, { poolSize: 1, anonymousConcurrency: 1 });
  try {
    if (await foreignSchemaProblem(db)) throw new HostedRefusal(instead);
  } finally {
    await db.close();
  }
}

/** A command that does not apply to a hosted project: its message is complete as it stands. */
export class HostedRefusal extends Error {}

/** The refusal of an operator command on a hosted project, with what does its job there. */
export function hostedRefusal(command: string, instead: string): string {
  return `npm run ${command} does not apply to a hosted Supabase project (DATABASE_URL belongs to one): ${instead}`;
}
