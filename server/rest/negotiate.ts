/**
 * Accept negotiation as PostgREST 12's MediaType.hs reads it: JSON arrays, one object, either with
 * `nulls=stripped`, text/csv, application/geo+json, and application/vnd.pgrst.plan (whether plans
 * may be answered is decided later, against the schema cache's db-plan-enabled).
 */
import { errors } from './errors.ts';
import type { PlanRequest, Shape } from './media-types.ts';

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

function params(parts: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of parts) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return out;
}

/** One media type of an Accept header as a shape, or undefined when this server offers none for it. */
function shapeOf(type: string, nulls: string | undefined): Shape | undefined {
  const stripped = nulls === 'stripped';
  switch (type) {
    case '*/*': case 'application/*': case 'application/json': return 'array';
    case 'application/vnd.pgrst.array+json': case 'application/vnd.pgrst.array': return stripped ? 'array-stripped' : 'array';
    case 'application/vnd.pgrst.object+json': case 'application/vnd.pgrst.object': return stripped ? 'single-stripped' : 'single';
    case 'text/csv': return 'csv';
    case 'application/geo+json': return 'geojson';
    default: return undefined;
  }
}

export interface Negotiated { shape: Shape; plan: PlanRequest | undefined }

/** Accept negotiation: the first media type offered wins (no Accept: a JSON array). */
export function negotiate(accept: string | undefined): Negotiated {
  if (!accept) return { shape: 'array', plan: undefined };
  for (const entry of accept.split(',')) {
    const [head, ...rest] = entry.split(';');
    const type = head.trim().toLowerCase();
    const p = params(rest);
    const plan = /^application\/vnd\.pgrst\.plan(\+(json|text))?$/.exec(type);
    if (plan) {
      const forShape = shapeOf((p.get('for') ?? 'application/json').split(';')[0].trim().toLowerCase(), undefined);
      const options = (p.get('options') ?? '').split('|').map((o) => o.trim().toLowerCase()).filter(Boolean);
      if (forShape === undefined || options.some((o) => !PLAN_OPTIONS.includes(o))) continue;
      const format = plan[2] === 'json' ? 'json' : 'text';
      return { shape: 'array', plan: { format, options: PLAN_OPTIONS.filter((o) => options.includes(o)), for: forShape } };
    }
    const shape = shapeOf(type, p.get('nulls'));
    if (shape !== undefined) return { shape, plan: undefined };
  }
  throw refused(accept);
}

/** PGRST107 naming the media types asked for. */
export const refused = (accept: string | null | undefined) => errors.mediaType((accept ?? '').split(',').map((s) => s.split(';')[0].trim()));
