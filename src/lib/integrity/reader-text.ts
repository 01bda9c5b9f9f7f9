// A text as a reader takes it in (issue 42 item 2): the one TypeScript definition, and the source
// the SQL side is generated from (scripts/gen-reader-text-sql.ts writes private.reader_text from
// DRAWS_NOTHING and LOOK_ALIKES), so the two read alike; tests/security/integrity-reading.test.ts
// runs both over the same corpus and fails when either changes alone.
import confusables from 'unhomoglyph/data.json' with { type: 'json' }

/**
 * Elements a browser lays out inline, the words on either side running on as one. Of the elements
 * the renderer keeps, only these; in a served page (the watch) also those a page's own markup uses.
 */
export const INLINE_ELEMENTS = ['a', 'abbr', 'b', 'code', 'em', 'font', 'i', 'mark', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'wbr']

/** What draws nothing: format characters, default-ignorable code points, marks that only decorate. */
export const DRAWS_NOTHING = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Mn}\p{Me}]/gu

/**
 * Letters of other scripts folded to the ASCII letter or digit they look like (Unicode's
 * confusables, UTS #39 prototypes, as unhomoglyph ships them): the non-ASCII characters NFKC
 * leaves as they are whose prototype is one ASCII letter or digit, in code point order.
 */
export const LOOK_ALIKES: ReadonlyArray<readonly [string, string]> = Object.entries(confusables as Record<string, string>)
  .filter(([from, to]) => [...from].length === 1 && from.codePointAt(0)! > 0x7f && from.normalize('NFKC') === from
    && /^[a-z0-9]$/.test(to.toLowerCase()) && !new RegExp(DRAWS_NOTHING.source, 'u').test(from))
  .map(([from, to]) => [from, to.toLowerCase()] as const)
  .sort(([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!)

const folded = new Map(LOOK_ALIKES)

/** The named references that draw nothing, removed where a text was not decoded (as private.guard_reading). */
const SILENT_REFERENCES = /&(shy|zwj|zwnj|lrm|rlm|zerowidthspace|nobreak|invisibletimes|invisiblecomma|invisibleseparator|applyfunction|af|it|ic);/gi

/** Text after a right-to-left override or isolate is shown reversed. */
const RIGHT_TO_LEFT = /[\u202b\u202e\u2067\u200f]/

/** White space as the comparison of readings collapses it (NFKC has made most others a space). */
export const READING_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g

/**
 * A text as the guard matches it (private.guard_reading, lowered): references that draw nothing
 * removed, text under a right-to-left override read reversed as well, what draws nothing removed
 * after NFKD, NFKC, look-alike letters folded to Latin.
 */
export function readerText(value: string): string {
  let read = value.replace(SILENT_REFERENCES, '')
  if (!/[^\p{ASCII}¶]/u.test(read)) return read.toLowerCase()
  // PostgreSQL's reverse() reverses code points, not UTF-16 units
  if (RIGHT_TO_LEFT.test(read)) read = `${read}\n${[...read].reverse().join('')}`
  const shown = read.normalize('NFKD').replace(DRAWS_NOTHING, '').normalize('NFKC')
  return [...shown].map((c) => folded.get(c) ?? c).join('').toLowerCase()
}
