import { useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { HELD_TITLE, type ItemHold } from '@/lib/held-for-review'
import { documentHeldDescription, documentHoldOutcome } from './held-notice'
import { HoldNotice } from '@/components/hold-status'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { describeError } from '@/lib/error-messages'
import { focusFirstInvalid, SaveError, type Refusal } from '@/components/ui/save-error'
import {
  CATEGORY_LABELS, DOCUMENT_CATEGORIES, documentTypeLabel, formatFileSize, isDocumentCategory, MAX_DOCUMENT_BYTES,
} from '@/lib/public-documents/documents'
import { useSaveDocument, type AdminDocument } from '../api/documents-admin'

type Props = { current: AdminDocument | null; hold: ItemHold | null; userId: string; onClose: () => void }
type Errors = Partial<Record<'title' | 'category' | 'year' | 'file', string>>

// What the file picker offers; the server still judges each file by its bytes.
const ACCEPT = '.pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.png,.jpg,.jpeg,.webp'
const selectClass = 'flex h-10 w-full rounded-md border border-input bg-white px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive'

/** Upload a new document or edit one; mounted per opening, so the fields start from `current`. */
export function DocumentDialog({ current, hold, userId, onClose }: Props) {
  const [title, setTitle] = useState(current?.title ?? '')
  const [description, setDescription] = useState(current?.description ?? '')
  const [category, setCategory] = useState<string>(current?.category ?? '')
  const [year, setYear] = useState(String(current?.year ?? new Date().getFullYear()))
  const [published, setPublished] = useState(current ? current.published_at !== null : false)
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const save = useSaveDocument(userId)

  const check = (): Errors => {
    const found: Errors = {}
    if (!title.trim()) found.title = 'Judul dokumen wajib diisi.'
    else if (title.length > 200) found.title = 'Judul dokumen terlalu panjang (maksimal 200 karakter).'
    if (!isDocumentCategory(category)) found.category = 'Pilih kategori dokumen.'
    const y = Number(year)
    if (!Number.isInteger(y) || y < 1945 || y > new Date().getFullYear() + 1) found.year = 'Tahun dokumen tidak valid.'
    if (!current && !file) found.file = 'Pilih berkas dokumen yang akan diunggah.'
    else if (file && file.size > MAX_DOCUMENT_BYTES) found.file = 'Ukuran berkas melebihi batas 20 MB.'
    return found
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setRefusal(null)
    const found = check()
    setErrors(found)
    if (Object.keys(found).length > 0 || !isDocumentCategory(category)) return focusFirstInvalid(form)
    save.mutate(
      { current, input: { title: title.trim(), description: description.trim(), category, year: Number(year), published, file } },
      {
        onSuccess: ({ held }) => {
          if (held) toast.info(HELD_TITLE, { description: documentHeldDescription(Boolean(current?.published_at), held), duration: 10_000 })
          else
            toast.success(current ? 'Dokumen Diperbarui' : 'Dokumen Diunggah', {
              description: published ? 'Dokumen tampil di halaman Informasi Publik.' : 'Dokumen disimpan sebagai draf.',
            })
          onClose()
        },
        onError: (error) => {
          const told = { title: 'Gagal Menyimpan Dokumen', description: describeError(error) }
          toast.error(told.title, { description: told.description })
          setRefusal(told)
        },
      },
    )
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{current ? `Ubah Dokumen: ${current.title}` : 'Unggah Dokumen'}</DialogTitle>
          <DialogDescription>PDF, dokumen Office atau OpenDocument, atau gambar; paling besar 20 MB.</DialogDescription>
        </DialogHeader>
        {hold && current && <HoldNotice hold={hold} outcome={documentHoldOutcome(hold, current.published_at !== null)} />}
        <form onSubmit={submit} noValidate className="space-y-4" id="document-form">
          <Field label="Judul" error={errors.title}>
            {(control) => <Input {...control} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />}
          </Field>
          <Field label="Keterangan (opsional)">
            {(control) => <Textarea {...control} value={description} maxLength={1000} rows={3} onChange={(e) => setDescription(e.target.value)} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Kategori" error={errors.category}>
              {(control) => (
                <select {...control} value={category} onChange={(e) => setCategory(e.target.value)} className={selectClass}>
                  <option value="">Pilih kategori</option>
                  {DOCUMENT_CATEGORIES.map((value) => <option key={value} value={value}>{CATEGORY_LABELS[value]}</option>)}
                </select>
              )}
            </Field>
            <Field label="Tahun" error={errors.year}>
              {(control) => <Input {...control} type="number" inputMode="numeric" value={year} onChange={(e) => setYear(e.target.value)} />}
            </Field>
          </div>
          <Field
            label={current ? 'Ganti berkas (opsional)' : 'Berkas'}
            error={errors.file}
            description={current ? `Berkas sekarang: ${documentTypeLabel(current.file_type)}, ${formatFileSize(current.file_size)}` : undefined}
          >
            {(control) => <Input {...control} type="file" accept={ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} className="size-4 accent-army" />
            Terbitkan di halaman Informasi Publik
          </label>
          <SaveError refusal={refusal} />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>Batal</Button>
          <Button type="submit" form="document-form" disabled={save.isPending}>
            {save.isPending ? 'Menyimpan...' : 'Simpan'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
