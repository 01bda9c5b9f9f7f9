import { useId, useState, type ChangeEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { ImageFileError } from '@/lib/images'
import { queryKeys } from '@/lib/query-keys'
import { cn } from '@/lib/utils'
import { uploadGalleryPhoto } from '../api/gallery-photos'

type Status = 'waiting' | 'uploading' | 'done' | 'error'
type Item = { key: string; name: string; status: Status; message?: string }

const STATUS_TEXT: Record<Exclude<Status, 'error'>, string> = {
  waiting: 'Menunggu',
  uploading: 'Mengunggah...',
  done: 'Selesai',
}
/** Two at a time: resizing is CPU work in the browser, uploading is network time. */
const PARALLEL = 2

/** Picks many photos at once; each is checked, resized and uploaded with its own status line. */
export function PhotoUploader({ galleryId, nextPosition }: { galleryId: string; nextPosition: number }) {
  const [items, setItems] = useState<Item[]>([])
  const queryClient = useQueryClient()
  // a mutation, so a refusal for want of a second step reaches the admin area's one handler
  const upload = useMutation({ mutationFn: uploadGalleryPhoto })
  const inputId = useId()
  const running = items.some((item) => item.status === 'waiting' || item.status === 'uploading')
  const finished = items.filter((item) => item.status === 'done' || item.status === 'error').length

  const update = (key: string, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))

  const start = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    if (files.length === 0) return
    const batch: Item[] = files.map((file) => ({ key: crypto.randomUUID(), name: file.name, status: 'waiting' }))
    setItems(batch)
    const jobs = files.map((file, index) => ({ file, item: batch[index], position: nextPosition + index }))
    let failures = 0
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        update(job.item.key, { status: 'uploading' })
        try {
          await upload.mutateAsync({ galleryId, file: job.file, position: job.position })
          update(job.item.key, { status: 'done' })
          void queryClient.invalidateQueries({ queryKey: queryKeys.galleries.photos(galleryId) })
        } catch (error) {
          failures++
          update(job.item.key, { status: 'error', message: error instanceof ImageFileError ? error.message : describeError(error) })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, worker))
    await queryClient.invalidateQueries({ queryKey: queryKeys.galleries.all })
    if (failures === 0) toast.success(`${files.length} foto berhasil diunggah!`)
    else toast.error('Sebagian foto gagal diunggah', { description: `${failures} dari ${files.length} foto tidak dapat diunggah.` })
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3 rounded-lg border border-dashed border-border p-4">
      <h3 id={`${inputId}-title`} className="font-semibold">Tambah Foto</h3>
      <p className="text-sm text-muted-foreground">
        JPG, PNG atau WebP. Foto diperkecil otomatis (maks. 2000 piksel) dan data lokasi/EXIF dihapus sebelum diunggah.
      </p>
      <div>
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="peer sr-only"
          onChange={start}
          disabled={running}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
            running && 'pointer-events-none opacity-50',
          )}
        >
          <Upload className="size-4" aria-hidden="true" />
          Unggah Foto
        </label>
      </div>
      {items.length > 0 && (
        <div className="grid gap-2">
          <div className="flex items-center gap-3 text-sm">
            <progress className="h-2 flex-1 accent-primary" value={finished} max={items.length} aria-label="Kemajuan unggahan" />
            <span aria-live="polite">
              {finished}/{items.length} foto
            </span>
          </div>
          <ul className="grid gap-1 text-sm" aria-label="Status unggahan">
            {items.map((item) => (
              // a refusal is a sentence: under the file's name, wrapped inside the dialog on a phone
              <li key={item.key} className={cn('flex gap-x-3', item.status === 'error' ? 'flex-col' : 'justify-between')}>
                <span className={item.status === 'error' ? 'font-medium break-all' : 'min-w-0 truncate'}>{item.name}</span>
                <span className={item.status === 'error' ? 'break-words text-destructive' : 'shrink-0 text-muted-foreground'}>
                  {item.status === 'error' ? item.message : STATUS_TEXT[item.status]}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
