/**
 * The statements prepared on one connection, by their text. PostgREST prepares every query it
 * runs; here the REST request's statement is sent as `PREPARE` the first time a connection sees
 * its text and as `EXECUTE name('literal', ...)` after that, inside the request's one simple-query
 * round trip, which spares PostgreSQL parsing and planning it again (about a third of the
 * backend's CPU per anonymous list request).
 */

/** Prepared statements kept per connection; the least recently used one is deallocated beyond. */
export const PREPARED_PER_CONNECTION = 64;

let counter = 0;

export class PreparedStatements {
  private readonly names = new Map<string, string>();
  private uncertain = false;

  /**
   * The name to EXECUTE for `text`, and the SQL that must run before it in the same message:
   * a PREPARE when this connection has not seen the text, and any DEALLOCATE that makes room.
   */
  use(text: string): { name: string; setup: string } {
    let setup = '';
    if (this.uncertain) {
      setup = 'DEALLOCATE ALL; ';
      this.names.clear();
      this.uncertain = false;
    }
    const known = this.names.get(text);
    if (known !== undefined) {
      this.names.delete(text);
      this.names.set(text, known);
      return { name: known, setup };
    }
    for (const [oldText, oldName] of this.names) {
      if (this.names.size < PREPARED_PER_CONNECTION) break;
      setup += `DEALLOCATE ${oldName}; `;
      this.names.delete(oldText);
    }
    counter += 1;
    const name = `skadron_stmt_${counter}`;
    this.names.set(text, name);
    return { name, setup: `${setup}PREPARE ${name} AS ${text}; ` };
  }

  /**
   * The message failed somewhere: which of its PREPAREs and DEALLOCATEs ran is unknown (they do
   * not roll back), so the next message starts from none.
   */
  failed(): void {
    this.uncertain = true;
  }
}

/** `EXECUTE name(args)`, or `EXECUTE name` without arguments. */
export function executeSql(name: string, args: string[]): string {
  return args.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${args.join(', ')})`;
}
