export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string }
/** One place where the text changed, with a few unchanged words around it. */
export type DiffHunk = { cutBefore: boolean; cutAfter: boolean; parts: DiffPart[] }
export type WordDiff = { hunks: DiffHunk[]; more: number }

type Op = { kind: DiffPart['kind']; word: string }

const CONTEXT = 4
const MAX_HUNKS = 3
// Above this many cells the middle is told as one replacement: an audit row must render at once.
const MAX_CELLS = 250_000

const words = (text: string) => (text.trim() ? text.trim().split(/\s+/) : [])

/** Longest common subsequence of two word lists, as same/removed/added operations. */
function lcsOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((word) => ({ kind: 'removed' as const, word })), ...b.map((word) => ({ kind: 'added' as const, word }))]
  }
  const width = b.length + 1
  const table = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!)
    }
  }
  const ops: Op[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ kind: 'same', word: a[i]! })
      i++
      j++
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) {
      ops.push({ kind: 'removed', word: a[i++]! })
    } else {
      ops.push({ kind: 'added', word: b[j++]! })
    }
  }
  while (i < a.length) ops.push({ kind: 'removed', word: a[i++]! })
  while (j < b.length) ops.push({ kind: 'added', word: b[j++]! })
  return ops
}

function diffOps(a: string[], b: string[]): Op[] {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  const same = (list: string[]) => list.map((word) => ({ kind: 'same' as const, word }))
  return [
    ...same(a.slice(0, start)),
    ...lcsOps(a.slice(start, a.length - end), b.slice(start, b.length - end)),
    ...same(a.slice(a.length - end)),
  ]
}

/** Consecutive operations of one kind joined into one part. */
function joinParts(ops: Op[]): DiffPart[] {
  const parts: DiffPart[] = []
  for (const op of ops) {
    const last = parts[parts.length - 1]
    if (last && last.kind === op.kind) last.text += ` ${op.word}`
    else parts.push({ kind: op.kind, text: op.word })
  }
  return parts
}

/**
 * The words that changed between two plain texts, each change with up to four unchanged words on
 * either side; changes closer than that share one hunk. At most three hunks, the rest counted.
 */
export function wordDiff(before: string, after: string): WordDiff {
  const ops = diffOps(words(before), words(after))
  const changed = ops.flatMap((op, index) => (op.kind === 'same' ? [] : [index]))
  const ranges: Array<[number, number]> = []
  for (const index of changed) {
    const last = ranges[ranges.length - 1]
    if (last && index - last[1] <= 2 * CONTEXT + 1) last[1] = index
    else ranges.push([index, index])
  }
  const hunks = ranges.slice(0, MAX_HUNKS).map(([first, last]) => {
    const from = Math.max(0, first - CONTEXT)
    const to = Math.min(ops.length, last + CONTEXT + 1)
    return { cutBefore: from > 0, cutAfter: to < ops.length, parts: joinParts(ops.slice(from, to)) }
  })
  return { hunks, more: Math.max(0, ranges.length - MAX_HUNKS) }
}
