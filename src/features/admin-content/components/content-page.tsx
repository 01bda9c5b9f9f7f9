import { useState } from 'react'
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { formatShortDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import { cn } from '@/lib/utils'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useAdminArticles, type AdminArticle } from '../api/get-articles'
import { useDeleteArticle } from '../api/delete-article'
import { ArticleEditorDialog } from './article-editor-dialog'
import { PublicationBadge } from './publication-badge'

export const DELETE_CONFIRM_TEXT = 'Apakah Anda yakin ingin menghapus artikel ini?'

type Editor = { key: number; article: AdminArticle | null }

type ActionsProps = {
  article: AdminArticle
  canEdit: boolean
  deleting: boolean
  onEdit: (article: AdminArticle) => void
  onDelete: (article: AdminArticle) => void
  className?: string
}

function ArticleActions({ article, canEdit, deleting, onEdit, onDelete, className }: ActionsProps) {
  return (
    <div className={cn('flex gap-1', className)}>
      <Button variant="ghost" size="icon" asChild>
        <a
          href={paths.article(article.id)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Buka "${article.title}" di tab baru`}
        >
          <ExternalLink aria-hidden="true" />
        </a>
      </Button>
      {canEdit && (
        <>
          <Button variant="ghost" size="icon" onClick={() => onEdit(article)} aria-label={`Edit "${article.title}"`}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            onClick={() => onDelete(article)}
            disabled={deleting}
            aria-label={`Hapus "${article.title}"`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </>
      )}
    </div>
  )
}

export default function ContentPage({ userId, canEdit }: { userId: string; canEdit: boolean }) {
  const articles = useAdminArticles()
  const remove = useDeleteArticle()
  const [editor, setEditor] = useState<Editor | null>(null)

  useQueryErrorToast(articles.error, 'Gagal memuat artikel')

  const actionProps = {
    canEdit,
    onEdit: (article: AdminArticle) => setEditor({ key: Date.now(), article }),
    onDelete: (article: AdminArticle) => deleteArticle(article),
  }

  const deleteArticle = (article: AdminArticle) => {
    if (!window.confirm(DELETE_CONFIRM_TEXT)) return
    remove.mutate(article.id, {
      onSuccess: () => toast.success('Artikel dihapus!'),
      onError: (error) => toast.error('Gagal menghapus', { description: error.message }),
    })
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Manajemen Konten</h1>
          <p className="text-sm text-muted-foreground">Tulis dan kelola berita serta kegiatan satuan.</p>
        </div>
        {canEdit && (
          <Button onClick={() => setEditor({ key: Date.now(), article: null })}>
            <Plus aria-hidden="true" />
            Tambah Artikel
          </Button>
        )}
      </div>

      <div className="rounded-xl border border-border bg-card shadow-sm">
        {articles.isPending ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground" role="status">
            Memuat artikel...
          </p>
        ) : !articles.data || articles.data.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">Belum ada artikel.</p>
        ) : (
          <>
            {/* Phones get one card per article instead of a table that scrolls sideways. */}
            <ul className="divide-y divide-border md:hidden" aria-label="Daftar artikel">
              {articles.data.map((article) => (
                <li key={article.id} className="grid gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold break-words">{article.title}</p>
                    <PublicationBadge publishedAt={article.published_at} />
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {article.category || '-'} · {formatShortDate(article.created_at)}
                  </p>
                  <ArticleActions article={article} deleting={remove.isPending && remove.variables === article.id} {...actionProps} />
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Judul</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Kategori</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Dibuat Pada</th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">Aksi</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {articles.data.map((article) => (
                    <tr key={article.id}>
                      <td className="max-w-md px-4 py-3 font-medium break-words">{article.title}</td>
                      <td className="px-4 py-3 text-muted-foreground">{article.category || '-'}</td>
                      <td className="px-4 py-3">
                        <PublicationBadge publishedAt={article.published_at} />
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                        {formatShortDate(article.created_at)}
                      </td>
                      <td className="px-4 py-3">
                        <ArticleActions
                          article={article}
                          deleting={remove.isPending && remove.variables === article.id}
                          className="justify-end"
                          {...actionProps}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>

      {editor && (
        <ArticleEditorDialog
          key={editor.key}
          article={editor.article}
          userId={userId}
          onClose={() => setEditor(null)}
        />
      )}
    </div>
  )
}
