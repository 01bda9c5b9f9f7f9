import pg from 'pg';

let counter = 0;

/** `baseUrl` with another database name (TCP or Unix-socket connection strings alike). */
export function withDatabase(baseUrl: string, name: string): string {
  const [head, query = ''] = baseUrl.split('?');
  const slash = head.indexOf('/', head.indexOf('://') + 3);
  const root = slash === -1 ? head : head.slice(0, slash);
  return `${root}/${encodeURIComponent(name)}${query ? `?${query}` : ''}`;
}

/**
 * A new database copied from the migrated template the test run prepared once
 * (tests/support/global-setup.ts): each test server gets its own, in milliseconds.
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
  return withDatabase(baseUrl, name);
}
