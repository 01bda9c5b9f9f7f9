import { createHash } from 'node:crypto';
import type { Db } from '../db/adapter.ts';

export type FindingKind = 'markup' | 'words' | 'photo' | 'cloaking' | 'unaccounted' | 'hidden' | 'build' | 'watch';

export interface WatchFinding {
  kind: FindingKind;
  subject: string;
  detail: string;
}

/**
 * Records one run's findings: new ones are added (and mailed once by IntegrityNotices), ones
 * seen again only move last_seen, and open ones of the kinds this run checked that it no longer
 * sees are resolved. Returns how many are open.
 */
export async function recordFindings(db: Db, findings: WatchFinding[], checked: FindingKind[]): Promise<number> {
  return db.transaction(async (tx) => {
    for (const f of findings) await tx.query('select private.record_finding($1, $2, $3)', [f.kind, f.subject, f.detail]);
    await tx.query(
      `update public.integrity_findings set resolved_at = now()
        where resolved_at is null and kind = any($1::text[])
          and fingerprint <> all($2::text[])`,
      [checked, findings.map((f) => fingerprint(f))],
    );
    if (findings.length > 0) await tx.query(`select pg_notify('integrity_notices', '')`);
    const { rows } = await tx.query<{ open: number }>('select count(*)::int as open from public.integrity_findings where resolved_at is null');
    return rows[0].open;
  });
}

/** As private.record_finding computes it (md5 of the UTF-8 text). */
function fingerprint(f: WatchFinding): string {
  return createHash('md5').update(`${f.kind}\n${f.subject}\n${f.detail}`).digest('hex');
}
