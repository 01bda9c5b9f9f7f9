// The names staff and members choose for themselves are plain names: letters of any script,
// spaces and the punctuation of ranks and titles ("Kapten Cpn. Budi Santoso, S.T.", "Nur'aini",
// "Lettu (Pnb) Siti"), and digits (a unit number). No URLs, no markup: a name is shown in the
// unit's official mail and pages. The database holds the same rule (private.is_plain_name, migration 20261207020100).

/** Punctuation a rank or a title uses: space, full stop, comma, apostrophes, hyphen, brackets. */
const NAME_PUNCTUATION = /[ .,'\u2019()-]/gu
/** A word, a full stop, a word: how a domain looks ("evil.example"); a title's "S.Kom." does not. */
const DOMAIN_LIKE = /[a-z]{2,}\.[a-z]{2,}/i

export const PLAIN_NAME_ERROR =
  'Nama hanya boleh berisi huruf, spasi, dan tanda baca gelar atau pangkat (titik, koma, apostrof, tanda hubung, kurung).'

export function isPlainName(name: string): boolean {
  const letters = name.replace(NAME_PUNCTUATION, '')
  return /\p{L}/u.test(letters) && /^[\p{L}\p{M}0-9]+$/u.test(letters) && !DOMAIN_LIKE.test(name)
}
