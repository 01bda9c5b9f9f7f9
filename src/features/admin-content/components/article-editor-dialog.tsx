import { useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { fieldErrors } from '@/lib/validation/field-errors'
import type { AdminArticle } from '../api/get-articles'
import { useSaveArticle } from '../api/save-article'
import {
  ARTICLE_INCOMPLETE,
  ARTICLE_INVALID_TITLE,
  articleFormSchema,
  CATEGORY_MAX,
  TITLE_MAX,
  type ArticleFormInput,
} from '../api/article-schema'
import { uploadArticleImages, UploadError, type UploadProgress } from '../api/upload-article-images'
import { ArticleBodyField } from './article-body-field'
import { DiscardChangesDialog } from './discard-changes-dialog'
import { FilePicker } from './file-picker'
import { ImageThumb } from './image-thumb'
import { PublicationFields } from './publication-fields'
import { ArticlePublicDetails, captionsFor, type Captions } from './article-public-details'
import { initialMode, publishedAtFor, toWibParts, type PublishMode } from '../lib/publication'
import { isImageFile, messageOf } from '../lib/picked-files'
import { useBodyUploads } from './use-body-uploads'

type Props = {
  /** null creates a new article. The parent remounts this per opening (key). */
  article: AdminArticle | null
  userId: string
  onClose: () => void
}

export function ArticleEditorDialog({ article, userId, onClose }: Props) {
  const editing = article !== null
  const [title, setTitle] = useState(article?.title ?? '')
  const [category, setCategory] = useState(article?.category ?? '')
  const [content, setContent] = useState(article?.content ?? '')
  const [coverUrl, setCoverUrl] = useState<string | null>(article?.cover_image_url ?? null)
  const [coverFile, setCoverFile] = useState<File | null>(null)
  const [galleryUrls, setGalleryUrls] = useState<string[]>(article?.image_gallery_urls ?? [])
  const [galleryFiles, setGalleryFiles] = useState<File[]>([])
  const [mode, setMode] = useState<PublishMode>(() => initialMode(article?.published_at))
  const [schedule, setSchedule] = useState(() =>
    article?.published_at && initialMode(article.published_at) === 'schedule'
      ? toWibParts(article.published_at)
      : { date: '', time: '' },
  )
  const [captions, setCaptions] = useState<Captions>(() => (article?.image_captions ?? {}) as Captions)
  const [bylineHidden, setBylineHidden] = useState(article?.byline_hidden ?? false)
  const [publishError, setPublishError] = useState<string | null>(null)
  const [errors, setErrors] = useState<Partial<Record<keyof ArticleFormInput, string>>>({})
  const [saving, setSaving] = useState(false)
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [confirmClose, setConfirmClose] = useState(false)
  // Files already stored by an attempt whose save then failed: a retry reuses their URLs.
  const uploaded = useRef(new Map<File, string>())
  const save = useSaveArticle()
  const bodyUploads = useBodyUploads(userId)
  const id = useId()

  // Pictures stored for an article that is then not saved go again.
  const closeWithoutSaving = () => {
    bodyUploads.discard(uploaded.current.values())
    onClose()
  }

  const dirty =
    title !== (article?.title ?? '') ||
    category !== (article?.category ?? '') ||
    content !== (article?.content ?? '') ||
    coverFile !== null ||
    coverUrl !== (article?.cover_image_url ?? null) ||
    galleryFiles.length > 0 ||
    galleryUrls.length !== (article?.image_gallery_urls.length ?? 0) ||
    mode !== initialMode(article?.published_at) ||
    JSON.stringify(captionsFor(captions, [coverUrl, ...galleryUrls])) !==
      JSON.stringify(captionsFor((article?.image_captions ?? {}) as Captions, [coverUrl, ...galleryUrls])) ||
    bylineHidden !== (article?.byline_hidden ?? false)

  const requestClose = () => {
    if (saving) return
    if (dirty) setConfirmClose(true)
    else closeWithoutSaving()
  }

  const pickCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null
    event.target.value = ''
    if (!file) return
    if (!(await isImageFile(file))) {
      toast.error('Upload Gagal', { description: `${file.name} bukan file gambar.` })
      return
    }
    setCoverFile(file)
  }

  const pickGallery = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    const checks = await Promise.all(files.map(isImageFile))
    const images = files.filter((_, i) => checks[i])
    const rejected = files.filter((_, i) => !checks[i])
    if (rejected.length > 0) {
      toast.error('Upload Gagal', { description: `${rejected.map((f) => f.name).join(', ')} bukan file gambar.` })
    }
    if (images.length > 0) setGalleryFiles((prev) => [...prev, ...images])
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    const parsed = articleFormSchema.safeParse({ title, category, content })
    if (!parsed.success) {
      const found = fieldErrors(parsed.error)
      setErrors(found)
      const missing = found.title === ARTICLE_INCOMPLETE.description || found.content === ARTICLE_INCOMPLETE.description
      if (missing) toast.error(ARTICLE_INCOMPLETE.title, { description: ARTICLE_INCOMPLETE.description })
      else toast.error(ARTICLE_INVALID_TITLE, { description: Object.values(found)[0] })
      return
    }
    setErrors({})
    const publication = publishedAtFor(mode, schedule, article?.published_at)
    if (!publication.ok) {
      setPublishError(publication.message)
      toast.error('Data Tidak Lengkap', { description: publication.message })
      return
    }
    setPublishError(null)
    setSaving(true)
    try {
      let images
      try {
        images = await uploadArticleImages({
          userId,
          cover: coverFile,
          gallery: galleryFiles,
          uploaded: uploaded.current,
          onProgress: setProgress,
          onGalleryImageSkipped: (error) =>
            toast.error('Upload Gagal', { description: `${error.file.name} dilewati: ${error.message}` }),
        })
      } catch (error) {
        if (error instanceof UploadError) {
          toast.error('Upload Gagal', { description: `${error.file.name}: ${error.message}` })
          return
        }
        throw error
      }
      await save.mutateAsync({
        id: article?.id,
        fields: {
          ...parsed.data,
          cover_image_url: images.coverUrl ?? coverUrl,
          image_gallery_urls: [...galleryUrls, ...images.galleryUrls],
          author_id: userId,
          published_at: publication.value,
          image_captions: captionsFor(captions, [coverUrl, ...galleryUrls]),
          byline_hidden: bylineHidden,
        },
        uploadedWhileEditing: bodyUploads.paths,
      })
      const skipped = images.skipped.length
      toast.success(editing ? 'Artikel Berhasil Diperbarui!' : 'Artikel Berhasil Dibuat!', {
        description: skipped > 0 ? `${skipped} gambar galeri gagal diunggah dan dilewati.` : undefined,
      })
      onClose()
    } catch (error) {
      toast.error(editing ? 'Gagal Memperbarui' : 'Gagal Menyimpan', {
        description: messageOf(error),
      })
    } finally {
      setSaving(false)
      setProgress(null)
    }
  }

  // The editor inserts only pictures stored for this article.
  const storedImages = useMemo(
    () => [
      ...(coverUrl ? [{ url: coverUrl, label: 'gambar sampul' }] : []),
      ...galleryUrls.map((url, index) => ({ url, label: `gambar galeri ${index + 1}` })),
      ...bodyUploads.urls.map((url, index) => ({ url, label: `gambar isi ${index + 1}` })),
    ],
    [coverUrl, galleryUrls, bodyUploads.urls],
  )

  const uploading = progress !== null && progress.total > 0 && progress.done < progress.total

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && requestClose()}>
        <DialogContent className="sm:max-w-3xl" onEscapeKeyDown={(e) => saving && e.preventDefault()}>
          <form onSubmit={submit} className="grid gap-5" noValidate aria-busy={saving}>
            <DialogHeader>
              <DialogTitle>{editing ? 'Edit Artikel' : 'Artikel Baru'}</DialogTitle>
              <DialogDescription>Judul dan isi wajib diisi. Kategori dan gambar boleh dikosongkan.</DialogDescription>
            </DialogHeader>

            <Field label="Judul" error={errors.title}>
              {(control) => (
                <Input
                  {...control}
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  placeholder="Judul artikel"
                  maxLength={TITLE_MAX}
                  required
                />
              )}
            </Field>
            <Field label="Kategori" error={errors.category}>
              {(control) => (
                <Input
                  {...control}
                  value={category}
                  onChange={(e) => setCategory(e.target.value)}
                  placeholder="Kategori (e.g., Latihan, Operasi)"
                  maxLength={CATEGORY_MAX}
                />
              )}
            </Field>
            <ArticleBodyField
              initialHtml={article?.content ?? ''}
              onChange={setContent}
              images={storedImages}
              onUpload={bodyUploads.upload}
              title={title}
              category={category}
              error={errors.content}
              disabled={saving}
            />

            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Gambar Sampul</legend>
              {(coverFile || coverUrl) && (
                <div className="w-full max-w-xs">
                  <ImageThumb
                    source={coverFile ?? (coverUrl as string)}
                    label={coverFile ? coverFile.name : 'Sampul saat ini'}
                    removeLabel="Hapus gambar sampul"
                    onRemove={
                      saving
                        ? undefined
                        : () => {
                            setCoverFile(null)
                            setCoverUrl(null)
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
                disabled={saving}
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
                        onRemove={saving ? undefined : () => setGalleryUrls((prev) => prev.filter((_, i) => i !== index))}
                      />
                    </li>
                  ))}
                  {galleryFiles.map((file, index) => (
                    <li key={`${file.name}-${file.lastModified}-${index}`}>
                      <ImageThumb
                        source={file}
                        label={file.name}
                        removeLabel={`Hapus ${file.name}`}
                        onRemove={
                          saving ? undefined : () => setGalleryFiles((prev) => prev.filter((_, i) => i !== index))
                        }
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
                disabled={saving}
              />
            </fieldset>

            <ArticlePublicDetails
              id={id}
              pictures={storedImages.slice(0, (coverUrl ? 1 : 0) + galleryUrls.length)}
              captions={captions}
              onCaptions={setCaptions}
              hasNewPictures={coverFile !== null || galleryFiles.length > 0}
              bylineHidden={bylineHidden}
              onBylineHidden={setBylineHidden}
              disabled={saving}
            />

            <PublicationFields
              id={id}
              mode={mode}
              date={schedule.date}
              time={schedule.time}
              error={publishError}
              disabled={saving}
              onMode={(m) => {
                setMode(m)
                setPublishError(null)
              }}
              onDate={(date) => setSchedule((prev) => ({ ...prev, date }))}
              onTime={(time) => setSchedule((prev) => ({ ...prev, time }))}
            />

            {uploading && progress && (
              <div className="grid gap-1" role="status" aria-live="polite">
                <p className="text-sm text-muted-foreground">
                  Mengunggah gambar {Math.min(progress.done + 1, progress.total)} dari {progress.total}...
                </p>
                <progress
                  className="h-2 w-full accent-primary"
                  max={progress.total}
                  value={progress.done}
                  aria-label="Kemajuan unggahan"
                />
              </div>
            )}

            <DialogFooter>
              <Button type="button" variant="outline" onClick={requestClose} disabled={saving}>
                Batal
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Menyimpan...' : 'Simpan Artikel'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <DiscardChangesDialog open={confirmClose} onOpenChange={setConfirmClose} onDiscard={closeWithoutSaving} />
    </>
  )
}
