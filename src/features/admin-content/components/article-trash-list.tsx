import { useRef } from 'react'
import { toast } from '@/lib/toast'
import { TrashTable } from '@/components/trash-table'
import { FOCUS_REGION, refocusIfLost } from '@/components/ui/focus-after'
import { describeError } from '@/lib/error-messages'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useArticleTrash, useRestoreDeletedArticle, type TrashedArticle } from '../api/article-trash'

/** 'Tempat Sampah': articles deleted in the last 30 days, each restorable with its id and pictures. */
export function ArticleTrashList({ search }: { search: string }) {
  const trash = useArticleTrash(true)
  const restore = useRestoreDeletedArticle()
  // the restored row and its button leave the list: the list takes focus
  const list = useRef<HTMLDivElement>(null)
  useQueryErrorToast(trash.error, 'Gagal memuat Tempat Sampah')
  const needle = search.trim().toLocaleLowerCase('id-ID')
  const items = trash.data?.filter((article) => !needle || article.title?.toLocaleLowerCase('id-ID').includes(needle))

  const restoreArticle = (article: TrashedArticle) =>
    restore.mutate(article.id, {
      onSuccess: () => toast.success('Artikel Dipulihkan', { description: `"${article.title}" kembali dengan alamat dan gambarnya.` }),
      onError: (error) => toast.error('Gagal Memulihkan', { description: describeError(error) }),
      onSettled: () => refocusIfLost(() => list.current),
    })

  return (
    <div ref={list} tabIndex={-1} role="region" aria-label="Artikel di Tempat Sampah" className={FOCUS_REGION}>
    <TrashTable
      items={items}
      isPending={trash.isPending}
      label="Artikel di Tempat Sampah"
      emptyText="Tempat Sampah kosong. Artikel yang dihapus dapat dipulihkan selama 30 hari."
      nameHeader="Judul"
      name={(article) => article.title ?? ''}
      detail={{ header: 'Kategori', cell: (article) => article.category || '-' }}
      onRestore={restoreArticle}
      restoring={restore.isPending}
    />
    </div>
  )
}
