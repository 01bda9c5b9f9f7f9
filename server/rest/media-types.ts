/**
 * The media types /rest/v1 answers in, as PostgREST 12's MediaType.hs names them, and the Accept
 * Content-Types of the answers (negotiate.ts reads the Accept header): JSON arrays, one object, either
 * with nulls stripped, CSV, GeoJSON, and the query plan.
 */
export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export type Shape = 'array' | 'single' | 'array-stripped' | 'single-stripped' | 'csv' | 'geojson';

export interface PlanRequest {
  format: 'json' | 'text';
  /** EXPLAIN options in PostgREST's order. */
  options: string[];
  /** What the plan is for (the media type the query would answer in). */
  for: Shape;
}

export const isSingle = (shape: Shape) => shape === 'single' || shape === 'single-stripped';

const CONTENT_TYPES: Record<Shape, string> = {
  array: JSON_TYPE,
  single: OBJECT_TYPE,
  'array-stripped': 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
  'single-stripped': 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
};

const MIMES: Record<Shape, string> = {
  array: 'application/json', single: 'application/vnd.pgrst.object+json',
  'array-stripped': 'application/vnd.pgrst.array+json;nulls=stripped', 'single-stripped': 'application/vnd.pgrst.object+json;nulls=stripped',
  csv: 'text/csv', geojson: 'application/geo+json',
};

export const contentTypeOf = (shape: Shape) => CONTENT_TYPES[shape];

export function planContentType(plan: PlanRequest): string {
  return `application/vnd.pgrst.plan+${plan.format}; for="${MIMES[plan.for]}"${plan.options.length ? `; options=${plan.options.join('|')}` : ''}; charset=utf-8`;
}
