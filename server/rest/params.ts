/**
 * Values of a request's statement: bind parameters, or quoted literals for the one-round-trip
 * path (query.ts). Every user value in sql.ts goes through one of these.
 */
import pg from 'pg';

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A value {@link LiteralParams} cannot write as a literal; the statement is built with placeholders instead. */
export class NotLiteral extends Error {}

/**
 * Builds the statement with placeholders and keeps each value's text as an untyped string literal,
 * for `EXECUTE name('value', ...)`: PostgreSQL resolves such a literal exactly like an untyped text
 * parameter, and the whole request (BEGIN, settings, the prepared statement, COMMIT) travels in one
 * simple-query round trip. Only strings, numbers, booleans and null are written; a NUL byte (which
 * would end the query text early) or anything else refuses.
 */
export class LiteralParams extends Params {
  /** The literal text of each placeholder, in order. */
  readonly literals: string[] = [];
  override add(value: unknown): string {
    if (value === null || value === undefined) return 'NULL';
    let literal: string;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') literal = `'${String(value)}'`;
    else if (typeof value === 'string' && !value.includes('\0')) literal = pg.escapeLiteral(value);
    else throw new NotLiteral();
    this.literals.push(literal);
    return `$${this.literals.length}`;
  }
}
