/**
 * The Prefer header as PostgREST reads it (ApiRequest/Preferences.hs): comma-separated over one or
 * more headers, the first value of each preference wins, and whatever is not recognised is kept so
 * `handling=strict` can refuse it (PGRST122).
 */
import { errors } from './errors.ts';

/**
 * PostgREST's db-tx-end: whether a request's transaction commits or rolls back, and whether
 * `Prefer: tx=` may override that.
 */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
export const TX_END_VALUES: readonly TxEnd[] = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'];

export interface Prefer {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
  /** Set only when db-tx-end allows the client to choose. */
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  /** Preferences that were not recognised, as sent. */
  invalid: string[];
}

const ACCEPTED = new Set([
  'resolution=merge-duplicates', 'resolution=ignore-duplicates',
  'return=representation', 'return=minimal', 'return=headers-only',
  'params=single-object',
  'count=exact', 'count=planned', 'count=estimated',
  'tx=commit', 'tx=rollback',
  'missing=default', 'missing=null',
  'handling=strict', 'handling=lenient',
]);

export function parsePrefer(headers: Headers, txEnd: TxEnd = 'commit'): Prefer {
  // Headers.get joins repeated Prefer headers with ", ", which splits the same way.
  const prefs = (headers.get('prefer') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    for (const p of prefs) {
      const i = p.indexOf('=');
      if (i < 0 || p.slice(0, i) !== key) continue;
      const v = p.slice(i + 1);
      if ((allowed as readonly string[]).includes(v)) return v as T;
    }
    return undefined;
  };
  const maxAffectedText = prefs.find((p) => p.startsWith('max-affected='))?.slice('max-affected='.length);
  const maxAffected = maxAffectedText !== undefined && /^-?\d{1,18}$/.test(maxAffectedText) ? Number(maxAffectedText) : undefined;
  return {
    resolution: pick('resolution', ['merge-duplicates', 'ignore-duplicates']),
    return: pick('return', ['representation', 'minimal', 'headers-only']),
    count: pick('count', ['exact', 'planned', 'estimated']),
    missing: pick('missing', ['default', 'null']),
    tx: txEnd.endsWith('-allow-override') ? pick('tx', ['commit', 'rollback']) : undefined,
    handling: pick('handling', ['strict', 'lenient']),
    maxAffected,
    invalid: prefs.filter((p) => !ACCEPTED.has(p) && !p.startsWith('max-affected=')),
  };
}

/** handling=strict refuses a request carrying preferences this server does not recognise. */
export function checkStrict(prefer: Prefer): void {
  if (prefer.handling === 'strict' && prefer.invalid.length > 0) throw errors.invalidPreferences(prefer.invalid);
}

/** Whether the request's transaction ends in a rollback: the client's choice where allowed, else the configured end. */
export function rollsBack(prefer: Prefer, txEnd: TxEnd): boolean {
  return (prefer.tx ?? (txEnd.startsWith('rollback') ? 'rollback' : 'commit')) === 'rollback';
}

/** The limit on affected rows, which PostgREST applies only under handling=strict. */
export function affectedLimit(prefer: Prefer): number | undefined {
  return prefer.handling === 'strict' ? prefer.maxAffected : undefined;
}

/** Preference-Applied values after the action's own (resolution, missing, return, count), in PostgREST's order. */
export function appliedTail(prefer: Prefer): (string | undefined)[] {
  return [
    prefer.tx && `tx=${prefer.tx}`,
    prefer.handling && `handling=${prefer.handling}`,
    prefer.handling === 'strict' && prefer.maxAffected !== undefined ? `max-affected=${prefer.maxAffected}` : undefined,
  ];
}
