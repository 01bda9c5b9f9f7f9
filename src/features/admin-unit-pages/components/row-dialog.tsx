import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { HELD_TITLE } from '@/lib/held-for-review'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { describeError } from '@/lib/error-messages'
import { VersionConflictError } from '@/lib/version-conflict'
import { focusFirstInvalid, SaveError, type Refusal } from '@/components/ui/save-error'
import { removeUnitPhotos, uploadUnitPhoto, useSaveUnitPageRow } from '../api/unit-pages-admin'
import { PhotoField } from './photo-field'
import { RevisionsPanel } from './revisions-panel'
import { RichTextField } from './rich-text-field'
import { unitHeldDescription } from './held-notice'
import { checkForm, formValues, LIMITS, POST_KINDS, saveInput, type EditTarget, type FormErrors, type FormValues } from './row-form'

type Props = { target: EditTarget; userId: string; onClose: () => void }

function dialogTitle(target: EditTarget) {
  switch (target.table) {
    case 'unit_texts':
      return `Ubah Teks Profil: ${target.row.title}`
    case 'info_pages':
      return `Ubah Halaman: ${target.row.title}`
    case 'unit_posts':
      return target.row ? `Ubah ${target.row.name}` : 'Tambah Jabatan'
    case 'past_commanders':
      return target.row ? `Ubah Komandan ke-${target.row.ordinal}` : 'Tambah Komandan'
  }
}

/** Mounted per opening: the fields start from the row being edited. */
export function RowDialog({ target, userId, onClose }: Props) {
  const [values, setValues] = useState<FormValues>(() => formValues(target, target.row))
  const [errors, setErrors] = useState<FormErrors>({})
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  // the editor reads its text once; taking back an earlier version mounts it afresh
  const [editorKey, setEditorKey] = useState(0)
  const uploaded = useRef<string[]>([])
  const save = useSaveUnitPageRow()
  const original = target.row && 'photo_url' in target.row ? target.row.photo_url : null

  const set = <K extends keyof FormValues>(key: K) => (value: FormValues[K]) => setValues((current) => ({ ...current, [key]: value }))
  // a mutation, so a refusal for want of a second step reaches the admin area's one handler
  const photoUpload = useMutation({ mutationFn: (file: File) => uploadUnitPhoto(userId, file) })
  const upload = async (file: File) => {
    const url = await photoUpload.mutateAsync(file)
    uploaded.current.push(url)
    return url
  }

  const close = () => {
    if (save.isPending) return
    void removeUnitPhotos(uploaded.current)
    onClose()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setRefusal(null)
    const found = checkForm(target, values)
    setErrors(found)
    const first = Object.values(found)[0]
    if (first) {
      toast.error('Periksa kembali isian', { description: first })
      focusFirstInvalid(form)
      return
    }
    save.mutate(saveInput(target, values), {
      onSuccess: ({ held }) => {
        if (held) {
          // the public page keeps the old photo and the held change may be released with the new one
          void removeUnitPhotos(uploaded.current.filter((url) => url !== values.photo_url))
          toast.info(HELD_TITLE, { description: unitHeldDescription(target.table, !target.row, held), duration: 10_000 })
        } else {
          void removeUnitPhotos([...uploaded.current, original].filter((url) => url !== values.photo_url))
          toast.success('Halaman satuan berhasil diperbarui!')
        }
        onClose()
      },
      onError: (error) => {
        const told =
          error instanceof VersionConflictError
            ? {
                title: 'Data Telah Diubah',
                description: `${error.conflict.updatedByName ?? 'Pengguna lain'} telah menyimpan versi yang lebih baru. Tutup lalu buka lagi untuk menyunting versi terbaru.`,
              }
            : { title: 'Gagal menyimpan perubahan', description: describeError(error) }
        toast.error(told.title, { description: told.description })
        setRefusal(told)
      },
    })
  }

  const input = (key: 'title' | 'name' | 'officer_title' | 'officer_rank' | 'officer_name' | 'note' | 'rank' | 'period' | 'photo_alt', label: string, max: number, extra: ReactNode = null) => (
    <Field label={label} error={errors[key]} description={extra}>
      {(control) => <Input {...control} value={values[key]} onChange={(e) => set(key)(e.target.value)} maxLength={max} disabled={save.isPending} />}
    </Field>
  )
  const richText = (label: string, error?: string) => (
    <RichTextField
      key={editorKey}
      label={label}
      html={values.body}
      onChange={set('body')}
      onUpload={upload}
      title={values.title}
      error={error}
      disabled={save.isPending}
    />
  )
  const photo = (label: string) => (
    <PhotoField label={label} url={values.photo_url} onChange={set('photo_url')} upload={upload} disabled={save.isPending} />
  )
  const order = (key: 'position' | 'ordinal', label: string) => (
    <Field label={label} error={errors[key]}>
      {(control) => (
        <Input {...control} type="number" inputMode="numeric" min={1} max={999} value={values[key]} onChange={(e) => set(key)(e.target.value)} disabled={save.isPending} />
      )}
    </Field>
  )

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-3xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{dialogTitle(target)}</DialogTitle>
            <DialogDescription>Perubahan tampil di situs begitu disimpan, kecuali bila ditahan untuk ditinjau superadmin. Versi sebelumnya tersimpan di Riwayat Versi.</DialogDescription>
          </DialogHeader>

          {target.table === 'unit_texts' && (
            <>
              {input('title', 'Judul', LIMITS.title)}
              {richText('Isi Teks', errors.body)}
              {target.row.key === 'sejarah' && (
                <>
                  {photo('Foto')}
                  {input('photo_alt', 'Keterangan Foto (teks alternatif)', LIMITS.photoAlt)}
                </>
              )}
            </>
          )}

          {target.table === 'info_pages' && (
            <>
              {input('title', 'Judul', LIMITS.title)}
              <Field label="Ringkasan" error={errors.description} description="Tampil di hasil pencarian dan saat tautan dibagikan.">
                {(control) => (
                  <Textarea {...control} rows={2} value={values.description} onChange={(e) => set('description')(e.target.value)} maxLength={LIMITS.description} disabled={save.isPending} />
                )}
              </Field>
              {richText('Isi Halaman', errors.body)}
            </>
          )}

          {target.table === 'unit_posts' && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Kelompok">
                  {(control) => (
                    <select
                      {...control}
                      value={values.kind}
                      onChange={(e) => set('kind')(e.target.value as FormValues['kind'])}
                      disabled={save.isPending}
                      className="h-10 rounded-md border border-input bg-white px-3 text-sm"
                    >
                      {POST_KINDS.map((kind) => (
                        <option key={kind.kind} value={kind.kind}>
                          {kind.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                {order('position', 'Urutan')}
              </div>
              {input('name', 'Nama Jabatan, Seksi, atau Flight', LIMITS.name)}
              <div className="grid gap-4 sm:grid-cols-3">
                {input('officer_title', 'Jabatan Perwira', LIMITS.officerTitle)}
                {input('officer_rank', 'Pangkat', LIMITS.rank)}
                {input('officer_name', 'Nama Perwira', LIMITS.officerName, 'Kosongkan bila belum ditetapkan.')}
              </div>
              <Field label="Seksi" error={errors.sections} description="Satu seksi per baris (untuk flight).">
                {(control) => (
                  <Textarea {...control} rows={4} value={values.sections} onChange={(e) => set('sections')(e.target.value)} disabled={save.isPending} />
                )}
              </Field>
              {input('note', 'Catatan', LIMITS.note, "Misalnya 'Akan diperbarui'.")}
              {photo('Foto Perwira')}
            </>
          )}

          {target.table === 'past_commanders' && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                {order('ordinal', 'Komandan ke-')}
                {input('rank', 'Pangkat', LIMITS.rank)}
              </div>
              {input('name', 'Nama Komandan', LIMITS.name)}
              {input('period', 'Periode Menjabat', LIMITS.period)}
              {photo('Foto Komandan')}
            </>
          )}

          {target.row && (
            <RevisionsPanel
              rowId={target.row.id}
              disabled={save.isPending}
              onUse={(data) => {
                setValues(formValues(target, data))
                setEditorKey((key) => key + 1)
                toast.info('Versi lama dimuat ke formulir. Simpan untuk memakainya.')
              }}
            />
          )}

          <SaveError refusal={refusal} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={save.isPending}>
              Batal
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Menyimpan...' : 'Simpan Perubahan'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
