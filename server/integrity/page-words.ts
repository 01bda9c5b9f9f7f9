import type { Db } from '../db/adapter.ts';
import type { WatchFinding } from './findings.ts';
import type { TextBlock } from './page-blocks.ts';

/** Said of text no public field holds (the templates', or put there some other way). */
const NO_FIELD = 'teks yang bukan isian situs';
const SEVERAL_BLOCKS = 'teks halaman (beberapa bagian bersama)';

/** A public field the guard alone finds reasons in, by its reading (private.watch_spam_fields). */
export interface SpamField {
  field: string;
  reading: string;
}

/** The spam fields, read once a run and only when a page first needs them. */
export function spamFieldsOnce(db: Db): () => Promise<SpamField[]> {
  let fields: Promise<SpamField[]> | undefined;
  return () => (fields ??= db.query<SpamField>('select field, reading from private.watch_spam_fields()').then((r) => r.rows));
}

/**
 * The fields that hold a flagged text: a field standing in it (a title in a heading, a name in
 * 'Oleh ...') or that it is part of (a paragraph of a body). Where several do, the row the page's
 * address names comes first, then the field nearest the text in length; those first together are
 * the answer.
 */
function fieldsHolding(reading: string, url: string, fields: SpamField[]): string[] {
  const page = url.toLowerCase();
  const rank = (f: SpamField) => {
    const id = /\(([0-9a-f-]{36})\)$/.exec(f.field)?.[1];
    return (id && page.includes(id) ? 0 : 1e9) + Math.abs(reading.length - f.reading.length);
  };
  const matches = fields.filter((f) => f.reading.length >= 2 && (reading.includes(f.reading) || (reading.length >= 8 && f.reading.includes(reading))));
  const best = Math.min(...matches.map(rank));
  return matches.filter((f) => rank(f) === best).map((f) => f.field).sort();
}

/**
 * The page's words judged as its reader takes them in: each block of text through the guard's own
 * reading and terms (in SQL, so the watch and a save never read a text differently), each flagged
 * one traced to the public field that holds it. Shown text with the guard's reasons is an
 * 'unaccounted' finding; hidden text with them is a 'hidden' one: no reader sees it, so it is there
 * for crawlers. Shown words that only add up across blocks are judged together once.
 */
export async function pageWordFindings(db: Db, url: string, blocks: TextBlock[], spamFields: () => Promise<SpamField[]>): Promise<WatchFinding[]> {
  if (blocks.length === 0) return [];
  const { rows } = await db.query<{ at: number; reasons: string[]; reading: string | null }>(
    'select at, reasons, reading from private.watch_reasons($1::text[])', [blocks.map((block) => block.text)]);
  const flagged = rows.filter((row) => row.reasons.length > 0);
  const findings: WatchFinding[] = [];
  const fields = flagged.length > 0 ? await spamFields() : [];
  for (const row of flagged) {
    const block = blocks[row.at - 1];
    const held = fieldsHolding(row.reading ?? '', url, fields);
    const where = held.length > 0 ? held.join('; ') : NO_FIELD;
    findings.push(block.hidden === null
      ? { kind: 'unaccounted', subject: url, detail: `Di halaman, ${where}: ${row.reasons.join('; ')}` }
      : { kind: 'hidden', subject: url, detail: `Tersembunyi dari pembaca (${block.hidden}), ${where}: ${row.reasons.join('; ')}` });
  }
  if (!flagged.some((row) => blocks[row.at - 1].hidden === null)) {
    const shown = blocks.filter((block) => block.hidden === null).map((block) => block.text).join('\n');
    const judged = await db.query<{ reasons: string[] }>('select private.guard_reasons($1, null) as reasons', [shown]);
    if (judged.rows[0].reasons.length > 0) findings.push({ kind: 'unaccounted', subject: url, detail: `Di halaman, ${SEVERAL_BLOCKS}: ${judged.rows[0].reasons.join('; ')}` });
  }
  const seen = new Set<string>();
  return findings.filter((f) => !seen.has(f.detail) && seen.add(f.detail));
}
