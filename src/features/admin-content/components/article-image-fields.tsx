import type { ChangeEvent } from 'react'
import { toast } from '@/lib/toast'
import { FilePicker } from '@/components/rich-text/file-picker'
import { isImageFile } from '@/lib/picked-files'
import type { Draft } from '../lib/article-draft'
import { ImageThumb } from './image-thumb'

type Props = {
  id: string
  draft: Draft
  update: <K extends keyof Draft>(key: K, value: Draft[K]) => void
  disabled: boolean
}

const notAnImage = (names: string[]) => toast.error('Upload Gagal', { description: `${names.join(', ')} bukan file gambar.` })

/** The cover and the gallery: pictures already stored and those picked for the next save. */
export function ArticleImageFields({ id, draft, update, disabled }: Props) {
  const { coverFile, coverUrl, galleryUrls, galleryFiles } = draft

  const pickCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null
    event.target.value = ''
    if (!file) return
    if (await isImageFile(file)) update('coverFile', file)
    else notAnImage([file.name])
  }

  const pickGallery = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    const checks = await Promise.all(files.map(isImageFile))
    const rejected = files.filter((_, i) => !checks[i])
    if (rejected.length > 0) notAnImage(rejected.map((f) => f.name))
    const images = files.filter((_, i) => checks[i])
    if (images.length > 0) update('galleryFiles', [...galleryFiles, ...images])
  }

  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Gambar Sampul</legend>
        {(coverFile || coverUrl) && (
          <div className="w-full max-w-xs">
            <ImageThumb
              source={coverFile ?? (coverUrl as string)}
              label={coverFile ? coverFile.name : 'Sampul saat ini'}
              removeLabel="Hapus gambar sampul"
              onRemove={
                disabled
                  ? undefined
                  : () => {
                      update('coverFile', null)
                      update('coverUrl', null)
                    }
              }
            />
          </div>
        )}
        <FilePicker
          id={`${id}-cover`}
          label="Pilih gambar sampul"
          buttonText={coverFile || coverUrl ? 'Ganti Sampul' : 'Pilih Sampul'}
          hint="Satu gambar (PNG, JPEG, WebP, GIF), maks. 5 MB."
          onChange={pickCover}
          disabled={disabled}
        />
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Galeri Gambar</legend>
        {galleryUrls.length + galleryFiles.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {galleryUrls.map((url, index) => (
              <li key={`${url}-${index}`}>
                <ImageThumb
                  source={url}
                  label={`Gambar ${index + 1}`}
                  removeLabel={`Hapus gambar ${index + 1}`}
                  onRemove={disabled ? undefined : () => update('galleryUrls', galleryUrls.filter((_, i) => i !== index))}
                />
              </li>
            ))}
            {galleryFiles.map((file, index) => (
              <li key={`${file.name}-${file.lastModified}-${index}`}>
                <ImageThumb
                  source={file}
                  label={file.name}
                  removeLabel={`Hapus ${file.name}`}
                  onRemove={disabled ? undefined : () => update('galleryFiles', galleryFiles.filter((_, i) => i !== index))}
                />
              </li>
            ))}
          </ul>
        )}
        <FilePicker
          id={`${id}-gallery`}
          label="Tambah gambar galeri"
          buttonText="Tambah Gambar"
          hint="Boleh lebih dari satu gambar, masing-masing maks. 5 MB."
          multiple
          onChange={pickGallery}
          disabled={disabled}
        />
      </fieldset>
    </>
  )
}
