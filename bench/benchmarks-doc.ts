import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = path.resolve(import.meta.dirname, '../docs/benchmarks.md');

/**
 * Replaces the section that starts with `heading` in docs/benchmarks.md (up to the next `## `),
 * or appends it, so each benchmark script rewrites only its own numbers.
 */
export function writeBenchmarkSection(heading: string, section: string): void {
  const body = section.endsWith('\n') ? section : `${section}\n`;
  let doc = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  const start = doc.indexOf(heading);
  if (start < 0) {
    doc = `${doc.trimEnd()}\n\n${body}`;
  } else {
    const next = doc.indexOf('\n## ', start + heading.length);
    doc = doc.slice(0, start) + body + (next < 0 ? '' : `\n${doc.slice(next + 1)}`);
  }
  writeFileSync(FILE, doc);
}
