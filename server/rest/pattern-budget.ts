/**
 * Pattern and regular-expression filters (like, ilike, match, imatch and full-text search) can make
 * PostgreSQL scan every byte of a large text column, or backtrack for ever on a crafted regular
 * expression. They run with a short statement timeout of their own, and back-references (the one
 * regex feature that makes PostgreSQL's engine backtrack exponentially) are refused before any
 * SQL runs (decision 0013).
 */
import { errors } from './errors.ts';
import type { Parsed } from './request.ts';
import type { Filter, LogicTree } from './syntax.ts';

/** statement_timeout of a request with a pattern filter (anon's own is 3 s, authenticated's 8 s). */
export const PATTERN_TIMEOUT = '1s';

const PATTERN_OPS = new Set(['like', 'ilike', 'match', 'imatch']);

function* treeFilters(tree: LogicTree): Generator<Filter> {
  if (tree.kind === 'stmt') yield tree.filter;
  else for (const child of tree.children) yield* treeFilters(child);
}

function* allFilters(parsed: Parsed): Generator<Filter> {
  for (const { filter } of parsed.filters) yield filter;
  for (const { tree } of parsed.logic) yield* treeFilters(tree);
}

/** `\1`..`\9` outside an escaped backslash: a back-reference in PostgreSQL's regular expressions. */
function hasBackReference(pattern: string): boolean {
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern[i] !== '\\') continue;
    if (/[1-9]/.test(pattern[i + 1])) return true;
    i += 1;
  }
  return false;
}

/**
 * The statement timeout the request's filters call for (undefined: the role's own); throws
 * PostgreSQL's 2201B (invalid_regular_expression, 400 in PostgREST) for a back-reference.
 */
export function patternTimeout(parsed: Parsed): string | undefined {
  let pattern = false;
  for (const { expr: { operation } } of allFilters(parsed)) {
    if (operation.kind === 'fts') pattern = true;
    if (operation.kind !== 'quant' || !PATTERN_OPS.has(operation.op)) continue;
    pattern = true;
    if ((operation.op === 'match' || operation.op === 'imatch') && hasBackReference(operation.value)) {
      throw errors.backReference();
    }
  }
  return pattern ? PATTERN_TIMEOUT : undefined;
}
