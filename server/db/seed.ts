import { readFile } from 'node:fs/promises';
import { fromRoot } from '../paths.ts';
import type { Db } from './adapter.ts';

const SEED_FILE = fromRoot('supabase', 'seed.sql');

/** Loads supabase/seed.sql, the same file `supabase db reset` loads on a hosted project. */
export async function seedDemo(db: Db): Promise<void> {
  const sql = await readFile(SEED_FILE, 'utf8');
  await db.transaction((tx) => tx.exec(sql));
}
