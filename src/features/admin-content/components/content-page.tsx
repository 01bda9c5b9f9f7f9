import { useEffect, useState } from 'react'
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { formatShortDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import { useAdminArticles, type AdminArticle } from '../api/get-articles'
import { useDeleteArticle } from '../api/delete-article'
import { ArticleEditorDialog } from './article-editor-dialog'

export const DELETE_CONFIRM_TEXT = 'Apakah Anda yakin ingin menghapus artikel ini?'

type Editor = { key: number; article: AdminArticle | null }

export default function ContentPage({ userId, canEdit }: { userId: string; canEdit: boolean }) {
  const articles = useAdminArticles()
  const remove = useDeleteArticle()
  const [editor, setEditor] = useState<Editor | null>(null)

  useEffect(() => {
    if (articles.error) toast.error('Gagal memuat artikel', { description: articles.error.message })
  }, [articles.error])

  const deleteArticle = (article: AdminArticle) => {
    if (!window.confirm(DELETE_CONFIRM_TEXT)) return
    remove.mutate(article.id, {
      onSuccess: () => toast.success('Artikel dihapus!'),
      onError: (error) => toast.error('Gagal menghapus', { description: error.message }),
    })
  }

  const columns = 4
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

      <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Judul</th>
              <th scope="col" className="px-4 py-3 font-semibold">Kategori</th>
              <th scope="col" className="px-4 py-3 font-semibold">Dibuat Pada</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">Aksi</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {articles.isPending ? (
              <tr>
                <td colSpan={columns} className="px-4 py-10 text-center text-muted-foreground" role="status">
                  Memuat artikel...
                </td>
              </tr>
            ) : !articles.data || articles.data.length === 0 ? (
              <tr>
                <td colSpan={columns} className="px-4 py-10 text-center text-muted-foreground">
                  Belum ada artikel.
                </td>
              </tr>
            ) : (
              articles.data.map((article) => (
                <tr key={article.id}>
                  <td className="max-w-md px-4 py-3 font-medium break-words">{article.title}</td>
                  <td className="px-4 py-3 text-muted-foreground">{article.category || '-'}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                    {formatShortDate(article.created_at)}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
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
                          <Button
                            variant="ghost"
                            size="icon"
                            onClick={() => setEditor({ key: Date.now(), article })}
                            aria-label={`Edit "${article.title}"`}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            className="text-destructive hover:text-destructive"
                            onClick={() => deleteArticle(article)}
                            disabled={remove.isPending && remove.variables === article.id}
                            aria-label={`Hapus "${article.title}"`}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
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
