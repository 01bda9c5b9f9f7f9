/**
 * The one identifier quoting rule for SQL built from names (tables, columns, functions): double the
 * quotes and drop NUL, which PostgreSQL refuses in any string. Values never go through here; they are
 * bind parameters.
 */
export const quoteIdent = (name: string): string => `"${name.replace(/\0/g, '').replace(/"/g, '""')}"`;
