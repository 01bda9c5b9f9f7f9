import { useRef, useState } from 'react'
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { HELD_TITLE, holdOf } from '@/lib/held-for-review'
import { HoldBadge } from '@/components/hold-status'
import { documentHeldDescription } from './held-notice'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FOCUS_REGION, refocusIfLost } from '@/components/ui/focus-after'
import { ResponsiveTable, type Column } from '@/components/ui/responsive-table'
import { TrashTable } from '@/components/trash-table'
import { describeError } from '@/lib/error-messages'
import { CATEGORY_LABELS, documentTypeLabel, formatFileSize, isDocumentCategory } from '@/lib/public-documents/documents'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import {
  useDeleteDocument, useDocumentHolds, useDocuments, useDocumentTrash, useRestoreDocument, useSetPublished, type AdminDocument, type TrashedDocument,
} from '../api/documents-admin'
import { DocumentDialog } from './document-dialog'

const categoryOf = (value: string | null) => (isDocumentCategory(value) ? CATEGORY_LABELS[value] : '-')

/** Dokumen Informasi Publik: staff upload, edit, publish, take back and delete documents. */
export function DocumentsPage({ userId }: { userId: string }) {
  const documents = useDocuments()
  const holds = useDocumentHolds().data
  const holdOfDoc = (doc: AdminDocument) => holdOf(holds, doc.id, doc.updated_at)
  const trash = useDocumentTrash()
  const publish = useSetPublished()
  const remove = useDeleteDocument()
  const restore = useRestoreDocument()
  const [editing, setEditing] = useState<AdminDocument | 'new' | null>(null)
  const [removing, setRemoving] = useState<AdminDocument | null>(null)
  const [withdrawing, setWithdrawing] = useState<AdminDocument | null>(null)
  // The mutation's pending state reaches the button a render later: a double click would send the
  // same version twice and be answered with a conflict.
  const changing = useRef(new Set<string>())
  // Each action disables its button or removes its row: the list it acted on takes focus then.
  const list = useRef<HTMLDivElement>(null)
  const trashList = useRef<HTMLElement>(null)
  useQueryErrorToast(documents.error, 'Gagal memuat dokumen')
  useQueryErrorToast(trash.error, 'Gagal memuat Tempat Sampah')

  const setPublished = (doc: AdminDocument, published: boolean) => {
    if (changing.current.has(doc.id)) return
    changing.current.add(doc.id)
    publish.mutate({ doc, published }, {
      onSuccess: ({ held }) =>
        held
          ? toast.info(HELD_TITLE, { description: documentHeldDescription(false, held), duration: 10_000 })
          : toast.success(published ? 'Dokumen Diterbitkan' : 'Dokumen Ditarik', { description: `"${doc.title}"` }),
      onError: (error) => toast.error('Gagal Mengubah Status', { description: describeError(error) }),
      onSettled: () => {
        changing.current.delete(doc.id)
        refocusIfLost(() => list.current)
      },
    })
  }
  // Publishing shows a document; taking a published one back removes it from readers, so it asks first.
  const togglePublished = (doc: AdminDocument) => (doc.published_at ? setWithdrawing(doc) : setPublished(doc, true))
  const confirmWithdraw = () => {
    if (withdrawing) setPublished(withdrawing, false)
    setWithdrawing(null)
  }
  const confirmRemove = () => {
    if (!removing) return
    const doc = removing
    remove.mutate(doc.id, {
      onSuccess: () => toast.success('Dokumen Dihapus', { description: 'Dapat dipulihkan dari Tempat Sampah selama 30 hari.' }),
      onError: (error) => toast.error('Gagal Menghapus', { description: describeError(error) }),
      onSettled: () => refocusIfLost(() => list.current),
    })
    setRemoving(null)
  }
  const restoreDoc = (doc: TrashedDocument) =>
    restore.mutate(doc.id, {
      onSuccess: () => toast.success('Dokumen Dipulihkan', { description: `"${doc.title}" kembali ke daftar dokumen.` }),
      onError: (error) => toast.error('Gagal Memulihkan', { description: describeError(error) }),
      onSettled: () => refocusIfLost(() => trashList.current),
    })

  // a held or rejected save says so beside what readers see meanwhile (the public version or nothing)
  const status = (doc: AdminDocument) => (
    <span className="grid gap-1">
      {doc.published_at ? <Badge className="bg-army text-white">Terbit</Badge> : <Badge variant="outline">Draf</Badge>}
      <HoldBadge hold={holdOfDoc(doc)} withReasons />
    </span>
  )
  const actions = (doc: AdminDocument) => (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => setEditing(doc)} aria-label={`Ubah ${doc.title}`}>
        <Pencil aria-hidden="true" />Ubah
      </Button>
      <Button size="sm" variant="outline" onClick={() => togglePublished(doc)} disabled={publish.isPending}
        aria-label={`${doc.published_at ? 'Tarik' : 'Terbitkan'} ${doc.title}`}>
        {doc.published_at ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {doc.published_at ? 'Tarik' : 'Terbitkan'}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setRemoving(doc)} aria-label={`Hapus ${doc.title}`}>
        <Trash2 aria-hidden="true" />Hapus
      </Button>
    </div>
  )
  const fileOf = (doc: AdminDocument) => `${documentTypeLabel(doc.file_type)} · ${formatFileSize(doc.file_size)}`
  const columns: Column<AdminDocument>[] = [
    { header: 'Judul', className: 'max-w-xs break-words font-semibold', cell: (doc) => doc.title },
    { header: 'Kategori', cell: (doc) => categoryOf(doc.category) },
    { header: 'Tahun', cell: (doc) => doc.year },
    { header: 'Berkas', cell: fileOf },
    { header: 'Status', cell: status },
    { header: 'Aksi', alignEnd: true, cell: actions },
  ]

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Dokumen Informasi Publik</h1>
          <p className="text-sm text-muted-foreground">Dokumen yang diterbitkan tampil di halaman Informasi Publik menurut kategori dan tahun.</p>
        </div>
        <Button onClick={() => setEditing('new')} className="self-start">
          <Plus aria-hidden="true" />Unggah Dokumen
        </Button>
      </div>

      <div ref={list} tabIndex={-1} role="region" aria-label="Daftar dokumen" className={FOCUS_REGION}>
      <ResponsiveTable
        items={documents.data}
        isPending={documents.isPending}
        loadingText="Memuat dokumen..."
        emptyText="Belum ada dokumen. Unggah dokumen pertama dengan tombol Unggah Dokumen."
        label="Daftar dokumen"
        columns={columns}
        card={(doc) => (
          <>
            <p className="font-semibold break-words">{doc.title}</p>
            <p className="text-sm text-muted-foreground">{categoryOf(doc.category)} · {doc.year} · {fileOf(doc)}</p>
            <div>{status(doc)}</div>
            {actions(doc)}
          </>
        )}
        cardClassName="gap-2"
      />
      </div>

      <section ref={trashList} tabIndex={-1} aria-labelledby="dokumen-sampah" className={`space-y-3 ${FOCUS_REGION}`}>
        <h2 id="dokumen-sampah" className="text-lg font-bold">Tempat Sampah</h2>
        <TrashTable
          items={trash.data}
          isPending={trash.isPending}
          label="Dokumen di Tempat Sampah"
          emptyText="Tempat Sampah kosong. Dokumen yang dihapus dapat dipulihkan selama 30 hari."
          nameHeader="Dokumen"
          name={(doc) => doc.title ?? ''}
          detail={{ header: 'Kategori', cell: (doc) => categoryOf(doc.category) }}
          onRestore={restoreDoc}
          restoring={restore.isPending}
        />
      </section>

      {editing && <DocumentDialog current={editing === 'new' ? null : editing} hold={editing === 'new' ? null : holdOfDoc(editing)} userId={userId} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title="Tarik dokumen?"
        description={`"${withdrawing?.title ?? ''}" tidak lagi tampil di halaman Informasi Publik dan tautan unduhannya berhenti berlaku sampai diterbitkan kembali.`}
        confirmLabel="Tarik"
        onConfirm={confirmWithdraw}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Hapus dokumen?"
        description={`"${removing?.title ?? ''}" tidak lagi tampil di halaman Informasi Publik dan dapat dipulihkan dari Tempat Sampah selama 30 hari.`}
        confirmLabel="Hapus"
        onConfirm={confirmRemove}
      />
    </div>
  )
}
