import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './adapter.ts';

const SEED_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../supabase/seed.sql');

/** Loads supabase/seed.sql, the same file `supabase db reset` loads on a hosted project. */
export async function seedDemo(db: Db): Promise<void> {
  const sql = await readFile(SEED_FILE, 'utf8');
  await db.transaction((tx) => tx.exec(sql));
}
