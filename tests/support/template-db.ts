import pg from 'pg';

let counter = 0;

/**
 * A new database copied from the migrated template the postgres test run prepared once
 * (tests/support/global-setup.ts): each test file gets its own, in milliseconds.
 */
export async function createTemplateDatabase(baseUrl: string): Promise<string> {
  const template = process.env.TEST_DATABASE_TEMPLATE ?? 'template1';
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
