import { useId } from 'react'
import { ShieldAlert } from 'lucide-react'
import { formatShortDateTime } from '@/lib/format'
import { Badge } from '@/components/ui/badge'
import { HELD_TITLE, REJECTED_TITLE, type ItemHold } from '@/lib/held-for-review'

/**
 * A list row's status while the integrity guard keeps its last save back (issue 32) or after a
 * superadmin rejected it (issue 44). `withReasons` shows the guard's reasons under the badge,
 * where a row has room for them; otherwise they are the badge's title.
 */
export function HoldBadge({ hold, withReasons = false }: { hold: ItemHold | null; withReasons?: boolean }) {
  if (!hold) return null
  const title = hold.state === 'held' ? HELD_TITLE : REJECTED_TITLE
  const badge = <Badge variant="destructive" title={hold.reasons.join('; ')}>{title}</Badge>
  if (!withReasons) return badge
  return (
    <span className="grid gap-1">
      {badge}
      <span className="text-xs break-words text-destructive">Alasan: {hold.reasons.join('; ')}</span>
    </span>
  )
}

/**
 * In an editor: the item's last save waits for a superadmin, or was rejected, with the guard's
 * reasons; `outcome` says what readers see meanwhile.
 */
export function HoldNotice({ hold, outcome }: { hold: ItemHold; outcome: string }) {
  const held = hold.state === 'held'
  return (
    <section role="status" aria-label={held ? HELD_TITLE : REJECTED_TITLE} className="grid gap-1.5 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        {held ? HELD_TITLE : REJECTED_TITLE}
      </p>
      <p>{outcome}</p>
      <p className="font-medium">Alasan:</p>
      <ul className="list-disc space-y-0.5 pl-5 break-words">
        {hold.reasons.map((reason) => <li key={reason}>{reason}</li>)}
      </ul>
      {!held && <p className="text-muted-foreground">Perbaiki bagian yang disebut lalu simpan kembali, atau hubungi superadmin.</p>}
    </section>
  )
}

/**
 * New items the guard keeps out of their table until a superadmin releases them, so the list
 * cannot show them as rows: listed apart, so the writer does not think the save was lost.
 */
export function HeldNewItems({ items }: { items: { key: string; name: string; reasons: string[]; heldAt: string }[] }) {
  const heading = useId()
  if (items.length === 0) return null
  return (
    <section aria-labelledby={heading} className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <h2 id={heading} className="flex items-center gap-2 font-semibold text-destructive">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        {HELD_TITLE}
      </h2>
      <p>Belum masuk daftar dan belum tampil di situs sampai superadmin merilisnya di Integritas Situs.</p>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.key} className="grid gap-1 rounded-md border border-border bg-card p-3">
            <span className="font-medium break-words">{item.name}</span>
            <span className="text-xs text-muted-foreground">Disimpan {formatShortDateTime(item.heldAt)}</span>
            <HoldBadge hold={{ state: 'held', reasons: item.reasons, at: item.heldAt }} withReasons />
          </li>
        ))}
      </ul>
    </section>
  )
}
