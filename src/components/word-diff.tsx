import { diffWords } from 'diff'
import { htmlToText } from '@/lib/format'

/** Word-level differences between two article texts: removed words struck through, added ones marked. */
export function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = diffWords(htmlToText(before), htmlToText(after))
  const changed = parts.some((part) => part.added || part.removed)
  return (
    <div aria-label={label} className="max-h-64 overflow-y-auto rounded-md border border-border bg-muted/40 p-3 text-sm leading-relaxed break-words">
      {!changed && <p className="text-muted-foreground">Tidak ada perbedaan teks.</p>}
      {changed &&
        parts.map((part, index) =>
          part.added ? (
            <ins key={index} className="bg-green-200 text-green-950 no-underline dark:bg-green-900 dark:text-green-50">
              {part.value}
            </ins>
          ) : part.removed ? (
            <del key={index} className="bg-red-200 text-red-950 dark:bg-red-900 dark:text-red-50">
              {part.value}
            </del>
          ) : (
            <span key={index}>{part.value}</span>
          ),
        )}
    </div>
  )
}
