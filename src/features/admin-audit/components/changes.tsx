import type { Json } from '@/lib/database.types'
import { describeChanges, type WordsLine } from './describe-entry'

/**
 * A text change as the words around it, the removed ones struck through and the added ones
 * underlined; screen readers hear 'dihapus' and 'ditambahkan' since del/ins are not announced.
 */
function Words({ line }: { line: WordsLine }) {
  return (
    <>
      {line.label}:
      {line.diff.hunks.map((hunk, index) => (
        <span key={index} className="block">
          {hunk.cutBefore && '… '}
          {hunk.parts.map((part, at) => {
            const gap = at > 0 ? ' ' : ''
            if (part.kind === 'same') return `${gap}${part.text}`
            const Tag = part.kind === 'removed' ? 'del' : 'ins'
            const tone = part.kind === 'removed' ? 'bg-red-100 text-red-900 line-through' : 'bg-green-100 text-green-900 underline'
            return (
              <span key={at}>
                {gap}
                <Tag className={`rounded-sm px-0.5 ${tone}`}>
                  <span className="sr-only">{part.kind === 'removed' ? '[dihapus: ' : '[ditambahkan: '}</span>
                  {part.text}
                  <span className="sr-only">]</span>
                </Tag>
              </span>
            )
          })}
          {hunk.cutAfter && ' …'}
        </span>
      ))}
      {line.diff.more > 0 && <span className="block">dan {line.diff.more} perubahan lain</span>}
    </>
  )
}

/** The entry's changes, one line each; '-' when there is nothing to tell. */
export function Changes({ changes }: { changes: Json | null }) {
  const lines = describeChanges(changes)
  if (lines.length === 0) return <span className="text-muted-foreground">-</span>
  return (
    <ul className="space-y-0.5">
      {lines.map((line, index) => (
        <li key={index} className="break-words">
          {typeof line === 'string' ? line : <Words line={line} />}
        </li>
      ))}
    </ul>
  )
}
