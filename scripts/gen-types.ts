// `npm run gen:types`: writes src/lib/database.types.ts from the schema the migrations produce.
// With DATABASE_URL it reads that database as it is; otherwise it migrates a throwaway embedded
// PostgreSQL server first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbedded } from '../server/db/embedded.ts';
import { applyMigrations, applyPlatform } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { generateTypes } from '../server/db/typegen.ts';
import { ROOT } from '../server/paths.ts';

const OUT = path.join(ROOT, 'src/lib/database.types.ts');
const pool = { poolSize: 2, anonymousConcurrency: 1 };

async function main() {
  if (process.env.DATABASE_URL) {
    const db = await openPostgres(process.env.DATABASE_URL, pool);
    try {
      writeFileSync(OUT, await generateTypes(db));
    } finally {
      await db.close();
    }
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skd-types-'));
    const cluster = await startEmbedded(dir, { size: { maxConnections: 20, sharedBuffers: '16MB' }, durable: false });
    try {
      const db = await openPostgres(cluster.url(), pool);
      await applyPlatform(db);
      await applyMigrations(db);
      writeFileSync(OUT, await generateTypes(db));
      await db.close();
    } finally {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
