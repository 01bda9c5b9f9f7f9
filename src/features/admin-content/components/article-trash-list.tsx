import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { ResponsiveTable } from '@/components/ui/responsive-table'
import { describeError } from '@/lib/error-messages'
import { formatShortDateTime } from '@/lib/format'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useArticleTrash, useRestoreDeletedArticle, type TrashedArticle } from '../api/article-trash'

/** 'Tempat Sampah': articles deleted in the last 30 days, each restorable with its id and pictures. */
export function ArticleTrashList({ search }: { search: string }) {
  const trash = useArticleTrash(true)
  const restore = useRestoreDeletedArticle()
  useQueryErrorToast(trash.error, 'Gagal memuat Tempat Sampah')
  const needle = search.trim().toLocaleLowerCase('id-ID')
  const items = trash.data?.filter((article) => !needle || article.title?.toLocaleLowerCase('id-ID').includes(needle))

  const restoreArticle = (article: TrashedArticle) =>
    restore.mutate(article.id, {
      onSuccess: () => toast.success('Artikel Dipulihkan', { description: `"${article.title}" kembali dengan alamat dan gambarnya.` }),
      onError: (error) => toast.error('Gagal Memulihkan', { description: describeError(error) }),
    })

  const restoreButton = (article: TrashedArticle) => (
    <Button
      size="sm"
      variant="outline"
      onClick={() => restoreArticle(article)}
      disabled={restore.isPending}
      aria-label={`Pulihkan "${article.title}"`}
    >
      Pulihkan
    </Button>
  )
  const deletedBy = (article: TrashedArticle) =>
    `${formatShortDateTime(article.deleted_at)} oleh ${article.deleted_by_name ?? 'Pengguna'}`

  return (
    <ResponsiveTable
      items={items}
      isPending={trash.isPending}
      loadingText="Memuat Tempat Sampah..."
      emptyText="Tempat Sampah kosong. Artikel yang dihapus dapat dipulihkan selama 30 hari."
      label="Artikel di Tempat Sampah"
      cardClassName="gap-2"
      card={(article) => (
        <>
          <p className="font-semibold break-words">{article.title}</p>
          <p className="text-sm text-muted-foreground">Dihapus {deletedBy(article)}</p>
          <div>{restoreButton(article)}</div>
        </>
      )}
      columns={[
        { header: 'Judul', className: 'max-w-md font-medium break-words', cell: (article) => article.title },
        { header: 'Kategori', className: 'text-muted-foreground', cell: (article) => article.category || '-' },
        { header: 'Dihapus', className: 'text-muted-foreground', cell: deletedBy },
        { header: 'Aksi', alignEnd: true, cell: restoreButton },
      ]}
    />
  )
}
