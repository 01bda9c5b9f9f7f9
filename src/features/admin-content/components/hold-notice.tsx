import { ShieldAlert } from 'lucide-react'
import { formatShortDateTime } from '@/lib/format'
import { HELD_TITLE, REJECTED_TITLE, type ArticleHold } from '../api/held-articles'

/**
 * In the editor: the article's last save waits for a superadmin, or was rejected, with the
 * guard's reasons. For an edit of a published article the fields show the public version, since
 * the held change is kept apart until the decision.
 */
export function HoldNotice({ hold, published }: { hold: ArticleHold; published: boolean }) {
  const held = hold.state === 'held'
  const outcome = held
    ? published
      ? 'Perubahan terakhir Anda belum terbit sampai superadmin meninjaunya di Integritas Situs; di sini tampil versi yang sedang terbit.'
      : 'Artikel belum terbit sampai superadmin meninjaunya di Integritas Situs.'
    : published
      ? `Superadmin menolak perubahan yang disimpan pada ${formatShortDateTime(hold.at)}; versi yang tampil di situs tetap seperti di bawah ini.`
      : `Superadmin menolak artikel ini pada ${formatShortDateTime(hold.at)}; artikel tidak terbit dan tetap sebagai draf.`
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
