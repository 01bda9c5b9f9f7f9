import { useMemo, useState } from 'react'
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { formatShortDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import { cn } from '@/lib/utils'
import { ResultsStatus, useResultsFocus } from '@/components/ui/results-status'
import { refocusIfLost } from '@/components/ui/focus-after'
import { ResponsiveTable } from '@/components/ui/responsive-table'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useAdminArticles, type AdminArticle } from '../api/get-articles'
import { useDeleteArticle } from '../api/delete-article'
import { useSweepAbandonedArticleImages } from '../api/article-files'
import { ArticleEditorDialog } from './article-editor-dialog'
import { PublicationBadge } from './publication-badge'
import { holdOf, useArticleHolds } from '../api/held-articles'
import { useArticleViews } from '../api/article-views'
import { ArticleTrashList } from './article-trash-list'
import { cardLine, publicationStatus, type PublicationStatus } from '../lib/publication'
import { Authorship, PublicationDate } from './publication-date'
import { TRASH_DAYS } from '@/lib/trash'

const ALL = 'Semua'
type StatusFilter = typeof ALL | PublicationStatus
const STATUS_FILTERS: StatusFilter[] = [ALL, 'Draf', 'Terjadwal', 'Terbit']

export const DELETE_CONFIRM_TEXT = 'Apakah Anda yakin ingin menghapus artikel ini?'
const WHERE_DELETED_GO = `Artikel dipindahkan ke Tempat Sampah dan dapat dipulihkan selama ${TRASH_DAYS} hari.`

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

export function ContentPage({ userId, canEdit }: { userId: string; canEdit: boolean }) {
  const articles = useAdminArticles()
  const holds = useArticleHolds()
  const views = useArticleViews()
  // counted views since the statistics began (decision 0044); '-' until they are read
  const viewsOf = (article: AdminArticle) => (views.data ? (views.data.get(article.id) ?? 0).toLocaleString('id-ID') : '-')
  const remove = useDeleteArticle()
  const [editor, setEditor] = useState<Editor | null>(null)
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<StatusFilter>(ALL)
  const [showTrash, setShowTrash] = useState(false)
  const { ref: resultsRef, onSearchKeyDown } = useResultsFocus()
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase('id-ID')
    return articles.data?.filter(
      (article) =>
        (status === ALL || publicationStatus(article.published_at) === status) &&
        (!needle || `${article.title} ${article.category ?? ''}`.toLocaleLowerCase('id-ID').includes(needle)),
    )
  }, [articles.data, search, status])

  useQueryErrorToast(articles.error, 'Gagal memuat artikel')
  useSweepAbandonedArticleImages(canEdit)

  const actionProps = {
    canEdit,
    onEdit: (article: AdminArticle) => setEditor({ key: Date.now(), article }),
    onDelete: (article: AdminArticle) => deleteArticle(article),
  }

  const deleting = (article: AdminArticle) => remove.isPending && remove.variables === article.id

  const deleteArticle = (article: AdminArticle) => {
    // SPEC.md's question, then where the article goes
    if (!window.confirm(`${DELETE_CONFIRM_TEXT}\n\n${WHERE_DELETED_GO}`)) return
    remove.mutate(article.id, {
      onSuccess: () => toast.success('Artikel dihapus!', { description: WHERE_DELETED_GO }),
      onError: (error) => toast.error('Gagal menghapus', { description: error.message }),
      // the deleted row and its buttons are gone: the list's count takes focus
      onSettled: () => refocusIfLost(() => resultsRef.current),
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
          <div className="flex flex-wrap gap-2">
            <Button variant={showTrash ? 'secondary' : 'outline'} onClick={() => setShowTrash((v) => !v)} aria-pressed={showTrash}>
              <Trash2 aria-hidden="true" />
              Tempat Sampah
            </Button>
            <Button onClick={() => setEditor({ key: Date.now(), article: null })}>
              <Plus aria-hidden="true" />
              Tambah Artikel
            </Button>
          </div>
        )}
      </div>

      <div className="rounded-xl border border-border bg-card shadow-sm">
        <div className={cn('grid gap-4 border-b border-border p-4 sm:items-end', !showTrash && 'sm:grid-cols-[1fr_14rem]')}>
          <div className="grid gap-2">
            <Label htmlFor="content-search">Cari artikel</Label>
            <Input
              id="content-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={onSearchKeyDown}
              placeholder="Judul atau kategori"
            />
          </div>
          {!showTrash && (
          <div className="grid gap-2">
            <Label htmlFor="content-status">Status</Label>
            <Select value={status} onValueChange={(value) => setStatus(value as StatusFilter)}>
              <SelectTrigger id="content-status" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STATUS_FILTERS.map((value) => (
                  <SelectItem key={value} value={value}>
                    {value}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          )}
        </div>
        {showTrash ? (
          <section aria-label="Tempat Sampah" className="grid gap-2">
            <h2 className="px-4 pt-4 text-lg font-semibold">Tempat Sampah</h2>
            <p className="px-4 text-sm text-muted-foreground">Artikel yang dihapus menunggu di sini {TRASH_DAYS} hari sebelum dihapus permanen.</p>
            <ArticleTrashList search={search} />
          </section>
        ) : (
        <>
        {/* there (empty) while loading too: an Enter pressed before the list came still lands here */}
        <ResultsStatus ref={resultsRef} className="mx-4 mt-3 px-1">
          {shown ? `Menampilkan ${shown.length} dari ${articles.data?.length ?? 0} artikel` : ''}
        </ResultsStatus>
        <ResponsiveTable
          items={shown}
          isPending={articles.isPending}
          loadingText="Memuat artikel..."
          emptyText={articles.data?.length ? 'Tidak ada artikel yang cocok.' : 'Belum ada artikel.'}
          label="Daftar artikel"
          cardClassName="gap-2"
          card={(article) => (
            <>
              <div className="flex items-start justify-between gap-2">
                <p className="font-semibold break-words">
                  {article.title}
                  <Authorship author={article.profiles?.full_name} editor={article.edited_by_name} />
                </p>
                <PublicationBadge publishedAt={article.published_at} hold={holdOf(holds.data, article.id, article.updated_at)} />
              </div>
              <p className="text-sm text-muted-foreground">
                {cardLine(article)} · {viewsOf(article)} dibaca
              </p>
              <ArticleActions article={article} deleting={deleting(article)} {...actionProps} />
            </>
          )}
          columns={[
            {
              header: 'Judul',
              className: 'max-w-md font-medium break-words',
              cell: (article) => (
                <>
                  {article.title}
                  <Authorship author={article.profiles?.full_name} editor={article.edited_by_name} />
                </>
              ),
            },
            { header: 'Kategori', className: 'text-muted-foreground', cell: (article) => article.category || '-' },
            { header: 'Status', cell: (article) => <PublicationBadge publishedAt={article.published_at} hold={holdOf(holds.data, article.id, article.updated_at)} /> },
            {
              header: 'Dibuat Pada',
              className: 'whitespace-nowrap text-muted-foreground',
              cell: (article) => formatShortDate(article.created_at),
            },
            {
              header: 'Tanggal Terbit',
              className: 'whitespace-nowrap text-muted-foreground',
              cell: (article) => <PublicationDate publishedAt={article.published_at} />,
            },
            { header: 'Dibaca', className: 'whitespace-nowrap tabular-nums text-muted-foreground', cell: viewsOf },
            {
              header: 'Aksi',
              alignEnd: true,
              cell: (article) => (
                <ArticleActions article={article} deleting={deleting(article)} className="justify-end" {...actionProps} />
              ),
            },
          ]}
        />
        </>
        )}
      </div>

      {editor && (
        <ArticleEditorDialog
          key={editor.key}
          article={editor.article}
          userId={userId}
          onClose={() => setEditor(null)}
          onReload={(article) => setEditor({ key: Date.now(), article })}
        />
      )}
    </div>
  )
}
