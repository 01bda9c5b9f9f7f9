import { formatShortDateTime } from '@/lib/format'
import { HoldNotice as ItemHoldNotice } from '@/components/hold-status'
import type { ArticleHold } from '../api/held-articles'

/**
 * In the editor: the article's last save waits for a superadmin, or was rejected, with the
 * guard's reasons. For an edit of a published article the fields show the public version, since
 * the held change is kept apart until the decision.
 */
export function HoldNotice({ hold, published }: { hold: ArticleHold; published: boolean }) {
  const outcome = hold.state === 'held'
    ? published
      ? 'Perubahan terakhir Anda belum terbit sampai superadmin meninjaunya di Integritas Situs; di sini tampil versi yang sedang terbit.'
      : 'Artikel belum terbit sampai superadmin meninjaunya di Integritas Situs.'
    : published
      ? `Superadmin menolak perubahan yang disimpan pada ${formatShortDateTime(hold.at)}; versi yang tampil di situs tetap seperti di bawah ini.`
      : `Superadmin menolak artikel ini pada ${formatShortDateTime(hold.at)}; artikel tidak terbit dan tetap sebagai draf.`
  return <ItemHoldNotice hold={hold} outcome={outcome} />
}
