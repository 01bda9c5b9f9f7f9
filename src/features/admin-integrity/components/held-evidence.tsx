import { WordDiff } from '@/components/word-diff'
import { Skeleton } from '@/components/ui/skeleton'
import { useHoldContext, type HeldItem } from '../api/integrity'
import { fieldsOf, isPublicVersion, newHosts, suspiciousTerms, termPattern, valueOf, type Field, type Row } from '../lib/evidence'
import { when } from './labels'
import { LinkTarget, MarkedText, SafePreview, type Marks } from './safe-preview'

function FieldValue({ field, value, marks }: { field: Field; value: string; marks: Marks }) {
  if (field.kind === 'html') return <SafePreview html={value} marks={marks} />
  if (field.kind === 'url') return <LinkTarget href={value} marks={marks} />
  if (field.kind === 'urls') {
    return (
      <ul className="space-y-0.5">
        {value.split('\n').map((entry, i) => (
          <li key={i}>{/^(https?:)?\/\//.test(entry) || entry.startsWith('/') ? <LinkTarget href={entry} marks={marks} /> : <MarkedText text={entry} pattern={marks.pattern} />}</li>
        ))}
      </ul>
    )
  }
  return <MarkedText text={value} pattern={marks.pattern} />
}

function Changes({ table, proposed, stored }: { table: string; proposed: Row; stored: Row }) {
  const changed = fieldsOf(table).filter((field) => valueOf(proposed, field) !== valueOf(stored, field))
  if (changed.length === 0) return <p className="text-sm text-muted-foreground">Tidak ada perbedaan dengan versi publik.</p>
  return (
    <dl className="space-y-3">
      {changed.map((field) => (
        <div key={field.key} className="space-y-1">
          <dt className="text-xs font-semibold text-muted-foreground">{field.label}</dt>
          <dd>
            <WordDiff before={valueOf(stored, field)} after={valueOf(proposed, field)} label={`Perubahan ${field.label}`} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * The evidence for a decision: the held content as it would be published (inert text, links as
 * their targets, suspicious words and links marked), who saved it and when, and for an edit of
 * something public, what changed against the public version.
 */
export function HeldEvidence({ item }: { item: HeldItem }) {
  const context = useHoldContext(item)
  const proposed = (item.proposed ?? {}) as Row
  const marks: Marks = { pattern: termPattern(suspiciousTerms(item.reasons)), newHosts: newHosts(item.reasons), site: window.location.origin }
  const fields = fieldsOf(item.table_name).filter((field) => valueOf(proposed, field) !== '')
  const stored = context.data?.stored
  const edit = isPublicVersion(item.table_name, stored)

  return (
    <div className="space-y-4 text-sm">
      <p className="text-xs text-muted-foreground">
        Disimpan oleh{' '}
        {context.isPending ? <Skeleton className="inline-block h-3 w-24 align-middle" /> : <span className="font-semibold text-foreground">{context.data?.writer ?? 'pengguna tidak dikenal'}</span>}
        {' · '}{when(item.held_at)}
      </p>
      <section aria-label={`Isi yang akan terbit: ${item.label}`} className="space-y-2 rounded-md border border-border bg-muted/30 p-3">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Isi yang akan terbit bila dirilis</h3>
        <dl className="max-h-96 space-y-3 overflow-y-auto break-words">
          {fields.map((field) => (
            <div key={field.key} className="space-y-0.5">
              <dt className="text-xs font-semibold text-muted-foreground">{field.label}</dt>
              <dd><FieldValue field={field} value={valueOf(proposed, field)} marks={marks} /></dd>
            </div>
          ))}
        </dl>
      </section>
      {!context.isPending && (
        <section aria-label={`Perubahan: ${item.label}`} className="space-y-2">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {edit ? 'Perubahan terhadap versi publik' : 'Isi baru: belum pernah tampil di situs'}
          </h3>
          {edit && stored && <Changes table={item.table_name} proposed={proposed} stored={stored} />}
        </section>
      )}
    </div>
  )
}
