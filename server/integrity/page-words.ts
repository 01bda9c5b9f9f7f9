import type { Db } from '../db/adapter.ts';
import type { WatchFinding } from './findings.ts';
import type { TextBlock } from './page-blocks.ts';

/** Said of text no public field holds (the templates', or put there some other way). */
const NO_FIELD = 'teks yang bukan isian situs';
const SEVERAL_BLOCKS = 'teks halaman (beberapa bagian bersama)';

/**
 * The page's words judged as its reader takes them in: each block of text through the guard's own
 * reading and terms (in SQL, so the watch and a save never read a text differently), each flagged
 * one traced to the public field that holds it. Shown text with the guard's reasons is an
 * 'unaccounted' finding; hidden text with them is a 'hidden' one: no reader sees it, so it is there
 * for crawlers. Shown words that only add up across blocks are judged together once.
 */
export async function pageWordFindings(db: Db, url: string, blocks: TextBlock[]): Promise<WatchFinding[]> {
  if (blocks.length === 0) return [];
  const texts = blocks.map((block) => block.text);
  const judged = (await db.query<{ at: number; reasons: string[] }>('select at, reasons from private.watch_reasons($1::text[])', [texts])).rows;
  const flagged = judged.filter((row) => row.reasons.length > 0).map((row) => ({ block: blocks[row.at - 1], reasons: row.reasons }));
  const findings: WatchFinding[] = [];
  if (flagged.length > 0) {
    const { rows } = await db.query<{ at: number; field: string }>('select at, field from private.watch_fields($1::text[], $2)', [flagged.map((f) => f.block.text), url]);
    flagged.forEach(({ block, reasons }, i) => {
      const fields = rows.filter((row) => row.at === i + 1).map((row) => row.field);
      const where = fields.length > 0 ? fields.join('; ') : NO_FIELD;
      findings.push(block.hidden === null
        ? { kind: 'unaccounted', subject: url, detail: `Di halaman, ${where}: ${reasons.join('; ')}` }
        : { kind: 'hidden', subject: url, detail: `Tersembunyi dari pembaca (${block.hidden}), ${where}: ${reasons.join('; ')}` });
    });
  }
  if (!flagged.some((f) => f.block.hidden === null)) {
    const shown = blocks.filter((block) => block.hidden === null).map((block) => block.text).join('\n');
    const { rows } = await db.query<{ reasons: string[] }>('select private.guard_reasons($1, null) as reasons', [shown]);
    if (rows[0].reasons.length > 0) findings.push({ kind: 'unaccounted', subject: url, detail: `Di halaman, ${SEVERAL_BLOCKS}: ${rows[0].reasons.join('; ')}` });
  }
  const seen = new Set<string>();
  return findings.filter((f) => !seen.has(f.detail) && seen.add(f.detail));
}
