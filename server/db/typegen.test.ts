import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { createTemplateDatabase } from '../../tests/support/template-db.ts';
import { fromRoot } from '../paths.ts';
import { openPostgres } from './postgres.ts';
import { generateTypes } from './typegen.ts';

test('src/lib/database.types.ts is what `npm run gen:types` makes of the migrations', async () => {
  // A copy of the database the test run migrated once (platform SQL + supabase/migrations).
  const db = await openPostgres(await createTemplateDatabase(process.env.TEST_DATABASE_URL_BASE!), { poolSize: 1, anonymousConcurrency: 1 });
  try {
    const committed = readFileSync(fromRoot('src/lib/database.types.ts'), 'utf8');
    // On failure: run `npm run gen:types` and commit the result.
    expect(committed).toBe(await generateTypes(db));
  } finally {
    await db.close();
  }
});
