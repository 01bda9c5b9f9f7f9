import type { FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { Download, FileText, Search } from 'lucide-react'
import { formatLongDate } from '@/lib/format'
import { paths } from '@/lib/paths'
import { useRenderContext } from '@/lib/render-context'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import {
  CATEGORY_LABELS, DOCUMENT_CATEGORIES, documentFileUrl, documentSearch, documentTypeLabel, filterDocuments, formatFileSize, groupDocuments,
  MAX_DOCUMENT_SEARCH, readDocumentFilters,
} from '@/lib/public-documents/documents'
import { publishedDocumentsQueryOptions, type PublishedDocument } from '@/lib/public-documents/public-reads'

const selectClass = 'h-11 rounded-md border border-input bg-white px-3 text-sm text-foreground shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none'

/**
 * Dokumen Informasi Publik under the page's text: one GET form (without JavaScript the browser
 * submits it and the server renders the answer; with it the router navigates to the same URL),
 * then the published documents by category and year, each a plain download link.
 */
export function DocumentList() {
  const { api, storageBase } = useRenderContext()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const filters = readDocumentFilters(searchParams)
  const { data, error, isPending } = useQuery(publishedDocumentsQueryOptions(api))
  useQueryErrorToast(error, 'Gagal memuat daftar dokumen')

  const documents = data ?? []
  const years = [...new Set(documents.map((doc) => doc.year))].sort((a, b) => b - a)
  const found = filterDocuments(documents, filters)
  const filtered = Boolean(filters.search || filters.category || filters.year)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const next = readDocumentFilters(new URLSearchParams([...form.entries()].map(([key, value]) => [key, String(value)])))
    void navigate(`${paths.publicInformation}${documentSearch(next)}#dokumen`, { preventScrollReset: true })
  }

  return (
    <section id="dokumen" aria-labelledby="dokumen-judul" className="mt-12 border-t border-border pt-10">
      <h2 id="dokumen-judul" className="text-2xl font-bold text-army">Daftar Dokumen Informasi Publik</h2>
      <form method="get" action={`${paths.publicInformation}#dokumen`} onSubmit={onSubmit} role="search"
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="cari-dokumen" className="text-sm font-semibold">Cari dokumen</label>
          <Input id="cari-dokumen" type="search" name="cari" defaultValue={filters.search} key={filters.search}
            maxLength={MAX_DOCUMENT_SEARCH} placeholder="Judul atau keterangan..." className="h-11" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="kategori-dokumen" className="text-sm font-semibold">Kategori</label>
          <select id="kategori-dokumen" name="kategori" defaultValue={filters.category ?? ''} key={filters.category ?? ''} className={selectClass}>
            <option value="">Semua kategori</option>
            {DOCUMENT_CATEGORIES.map((category) => <option key={category} value={category}>{CATEGORY_LABELS[category]}</option>)}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="tahun-dokumen" className="text-sm font-semibold">Tahun</label>
          <select id="tahun-dokumen" name="tahun" defaultValue={filters.year ?? ''} key={filters.year ?? ''} className={selectClass}>
            <option value="">Semua tahun</option>
            {years.map((year) => <option key={year} value={year}>{year}</option>)}
          </select>
        </div>
        <Button type="submit" className="h-11 bg-army! text-white hover:bg-army-light!">
          <Search aria-hidden="true" />
          Cari
        </Button>
      </form>

      {filtered && data && (
        <p className="mt-4 text-sm text-muted-foreground" aria-live="polite" data-testid="document-summary">
          {`${found.length} dokumen ditemukan`}
        </p>
      )}

      {isPending ? (
        <p className="mt-8 text-muted-foreground" role="status">Memuat daftar dokumen...</p>
      ) : found.length === 0 ? (
        <p className="mt-8 text-muted-foreground">
          {filtered ? 'Tidak ada dokumen yang sesuai dengan pencarian.' : 'Belum ada dokumen yang diterbitkan.'}
        </p>
      ) : (
        groupDocuments(found).map((group) => (
          <div key={group.category} className="mt-10">
            <h3 className="text-xl font-bold text-army">{CATEGORY_LABELS[group.category]}</h3>
            {group.years.map(({ year, documents: inYear }) => (
              <div key={year} className="mt-4">
                <h4 className="text-base font-semibold text-muted-foreground">{`Tahun ${year}`}</h4>
                <ul className="mt-2 divide-y divide-border rounded-lg border border-border bg-card">
                  {inYear.map((doc) => <DocumentItem key={doc.id} doc={doc} href={documentFileUrl(storageBase, api.anonKey, doc)} />)}
                </ul>
              </div>
            ))}
          </div>
        ))
      )}
    </section>
  )
}

function DocumentItem({ doc, href }: { doc: PublishedDocument; href: string }) {
  const type = documentTypeLabel(doc.file_type)
  const size = formatFileSize(doc.file_size)
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <FileText className="mt-0.5 size-5 shrink-0 text-army" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold break-words">{doc.title}</p>
          {doc.description && <p className="mt-1 text-sm text-muted-foreground break-words">{doc.description}</p>}
          <p className="mt-1 text-xs text-muted-foreground">
            {`${type} · ${size} · ${formatLongDate(doc.published_at)}`}
          </p>
        </div>
      </div>
      <a href={href} className="inline-flex min-h-10 shrink-0 items-center gap-2 self-start rounded-md border border-army px-3 py-2 text-sm font-semibold text-army hover:bg-army hover:text-white"
        aria-label={`Unduh ${doc.title} (${type}, ${size})`}>
        <Download className="size-4" aria-hidden="true" />
        Unduh
      </a>
    </li>
  )
}
