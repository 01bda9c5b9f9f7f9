import type { Db } from '../db/adapter.ts';

/**
 * Tells the database's guard which origins are this site's own (photo fields may name only
 * their storage; links to them are not outbound) and which link domains are allowlisted
 * (LINK_ALLOWLIST). Origins are added, never removed, so a site that moved keeps its old
 * pictures valid.
 */
export async function recordIntegritySettings(db: Db, origins: string[], linkAllowlist: string[]): Promise<void> {
  const own = [...new Set(origins.map((value) => new URL(value).origin.toLowerCase()))];
  await db.query(
    `update private.integrity_settings
        set own_origins = array(select distinct o from unnest(own_origins || $1::text[]) as o order by o),
            link_allowlist = $2::text[]`,
    [own, linkAllowlist],
  );
}
