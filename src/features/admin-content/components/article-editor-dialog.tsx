import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
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
import { formatShortDateTime } from '@/lib/format'
import { getAdminArticle } from '../api/article-revisions'
import { useArticlePresence } from '../api/article-presence'
import { VersionConflictError, type VersionConflict } from '@/lib/version-conflict'
import { clearUnsaved, readUnsaved, writeUnsaved, type UnsavedChanges } from '../lib/unsaved-changes'
import { ConflictPanel, conflictSentence, CONFLICT_TITLE } from './conflict-panel'
import { RevisionHistory } from './revision-history'
import type { AdminArticle } from '../api/get-articles'
import { useSaveArticle } from '../api/save-article'
import {
  ARTICLE_INCOMPLETE,
  ARTICLE_INVALID_TITLE,
  articleFormSchema,
  hasVisibleContent,
  CATEGORY_MAX,
  TITLE_MAX,
  type ArticleFormInput,
} from '../api/article-schema'
import { uploadArticleImages, UploadError, type UploadProgress } from '../api/upload-article-images'
import { ArticleBodyField } from './article-body-field'
import { DiscardChangesDialog } from './discard-changes-dialog'
import { FilePicker } from '@/components/rich-text/file-picker'
import { ImageThumb } from './image-thumb'
import { PublicationFields } from './publication-fields'
import { ArticlePublicDetails, captionsFor, type Captions } from './article-public-details'
import { initialMode, publishedAtFor, toWibParts, type PublishMode } from '../lib/publication'
import { isImageFile, messageOf } from '@/lib/picked-files'
import { describeError } from '@/lib/error-messages'
import { useBodyUploads } from './use-body-uploads'
import { useHoldSession } from '@/lib/session-hold'
import { hasLiveSession, isSessionError } from '../api/sign-in-again'
import { SignInAgainDialog } from './sign-in-again-dialog'

type Props = {
  /** null creates a new article. The parent remounts this per opening (key). */
  article: AdminArticle | null
  userId: string
  onClose: () => void
  /** Opens the editor again on this state of the article ('Muat Versi Terbaru', a restored revision). */
  onReload: (article: AdminArticle) => void
}

type SaveOptions = { overwrite?: VersionConflict; auto?: boolean }

/** Drafts are saved to the server this long after typing stops. */
const AUTOSAVE_MS = 3_000

/** What the save toast adds to SPEC.md's title: where the article now stands. */
function savedAs(publishedAt: string | null): string {
  if (publishedAt === null) return 'Disimpan sebagai draf.'
  if (new Date(publishedAt).getTime() > Date.now()) return `Dijadwalkan terbit ${formatShortDateTime(publishedAt)}.`
  return 'Sudah terbit.'
}

export function ArticleEditorDialog({ article, userId, onClose, onReload }: Props) {
  // The row as last saved by this editor: id and version move on with every (auto)save.
  const [saved, setSaved] = useState<{ id: string; version: number } | null>(
    article ? { id: article.id, version: article.version } : null,
  )
  // the dialog's title and SPEC.md's toasts follow how it was opened, even after a draft autosave
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
  const [conflict, setConflict] = useState<VersionConflict | null>(null)
  const [differences, setDifferences] = useState<{ theirs: string; mine: string; theirsTitle: string; mineTitle: string } | null>(null)
  const [showHistory, setShowHistory] = useState(false)
  const [autosavedAt, setAutosavedAt] = useState<string | null>(null)
  // Text typed earlier in this browser and never saved, offered back once.
  const [unsaved, setUnsaved] = useState<UnsavedChanges | null>(() => {
    const found = readUnsaved(userId, article?.id)
    if (!found) return null
    const same = found.title === (article?.title ?? '') && found.category === (article?.category ?? '') && found.content === (article?.content ?? '')
    return same ? null : found
  })
  // The body editor takes its text once; a recovered text remounts it.
  const [body, setBody] = useState({ key: 0, html: article?.content ?? '' })
  // What was last stored on the server: `dirty` and autosave compare against it.
  const [baseline, setBaseline] = useState({ title: article?.title ?? '', category: article?.category ?? '', content: article?.content ?? '' })
  const others = useArticlePresence(saved?.id, userId)
  // Files already stored by an attempt whose save then failed: a retry reuses their URLs.
  const uploaded = useRef(new Map<File, string>())
  const save = useSaveArticle()
  const bodyUploads = useBodyUploads(userId)
  const id = useId()

  // An expired session leaves the editor open and asks for the password here; the save it
  // interrupted runs again once signed in.
  const session = useHoldSession()
  const [reauth, setReauth] = useState<{ retry?: SaveOptions } | null>(null)
  const signInOpen = session !== null && (reauth !== null || !session.signedIn)

  // Pictures stored for an article that is then not saved go again.
  const closeWithoutSaving = () => {
    bodyUploads.discard(uploaded.current.values())
    clearUnsaved(userId, saved?.id)
    onClose()
  }

  const textDirty = title !== baseline.title || category !== baseline.category || content !== baseline.content
  const dirty =
    textDirty ||
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

  // Every keystroke's text is kept in this browser until it is saved (a closed tab loses nothing).
  useEffect(() => {
    if (!textDirty || unsaved) return
    writeUnsaved(userId, saved?.id, { title, category, content, version: saved?.version ?? null })
  }, [textDirty, unsaved, title, category, content, userId, saved])

  const recoverUnsaved = () => {
    if (!unsaved) return
    setTitle(unsaved.title)
    setCategory(unsaved.category)
    setContent(unsaved.content)
    setBody((prev) => ({ key: prev.key + 1, html: unsaved.content }))
    setUnsaved(null)
  }
  const dropUnsaved = () => {
    clearUnsaved(userId, saved?.id)
    setUnsaved(null)
  }

  // Drafts go to the server a few seconds after typing stops (pictures waiting to be uploaded,
  // a conflict or an invalid form wait for the person's own save).
  const autosaveRef = useRef<() => void>(() => {})
  useEffect(() => {
    if (mode !== 'draft' || !textDirty || saving || conflict || unsaved || signInOpen || coverFile || galleryFiles.length > 0) return
    const timer = window.setTimeout(() => autosaveRef.current(), AUTOSAVE_MS)
    return () => window.clearTimeout(timer)
  }, [mode, textDirty, saving, conflict, unsaved, signInOpen, coverFile, galleryFiles.length, title, category, content])

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

  const persist = async (options: SaveOptions = {}) => {
    const { overwrite, auto = false } = options
    if (saving) return
    const parsed = articleFormSchema.safeParse({ title, category, content })
    if (!parsed.success) {
      if (auto) return
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
      if (auto) return
      setPublishError(publication.message)
      toast.error('Data Tidak Lengkap', { description: publication.message })
      return
    }
    setPublishError(null)
    setSaving(true)
    try {
      if (!(await hasLiveSession())) {
        setReauth({ retry: auto ? undefined : options })
        return
      }
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
      const result = await save.mutateAsync({
        id: saved?.id,
        version: overwrite ? overwrite.version : saved?.version,
        overwriting: overwrite ? saved?.version : undefined,
        fields: {
          ...parsed.data,
          cover_image_url: images.coverUrl ?? coverUrl,
          image_gallery_urls: [...galleryUrls, ...images.galleryUrls],
          author_id: userId,
          published_at: publication.value,
          image_captions: captionsFor(captions, [coverUrl, ...galleryUrls]),
          byline_hidden: bylineHidden,
        },
        // an autosave keeps pictures uploaded while typing: the text may point at them again
        uploadedWhileEditing: auto ? [] : bodyUploads.paths,
      })
      clearUnsaved(userId, saved?.id)
      clearUnsaved(userId, result.id)
      setConflict(null)
      setDifferences(null)
      if (auto) {
        setSaved(result)
        setBaseline({ title, category, content })
        setAutosavedAt(new Date().toISOString())
        return
      }
      const skipped = images.skipped.length
      toast.success(editing ? 'Artikel Berhasil Diperbarui!' : 'Artikel Berhasil Dibuat!', {
        description: [savedAs(publication.value), skipped > 0 ? `${skipped} gambar galeri gagal diunggah dan dilewati.` : '']
          .filter(Boolean)
          .join(' '),
      })
      onClose()
    } catch (error) {
      if (error instanceof VersionConflictError) {
        setConflict(error.conflict)
        toast.error(CONFLICT_TITLE, { description: conflictSentence(error.conflict) })
        return
      }
      if (isSessionError(error) || !(await hasLiveSession())) {
        setReauth({ retry: auto ? undefined : options })
        return
      }
      if (auto) return
      toast.error(editing ? 'Gagal Memperbarui' : 'Gagal Menyimpan', {
        description: messageOf(error),
      })
    } finally {
      setSaving(false)
      setProgress(null)
    }
  }
  useEffect(() => {
    autosaveRef.current = () => void persist({ auto: true })
  })

  // A schedule error goes once the date and time the person now gives would be accepted.
  const pickSchedule = (next: { date: string; time: string }) => {
    setSchedule(next)
    if (publishError && publishedAtFor(mode, next, article?.published_at).ok) setPublishError(null)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void persist()
  }

  const loadLatest = async () => {
    if (!saved) return null
    try {
      return await getAdminArticle(saved.id)
    } catch (error) {
      toast.error('Gagal Memuat', { description: describeError(error) })
      return null
    }
  }
  const showDifferences = async () => {
    const latest = await loadLatest()
    if (latest) setDifferences({ theirs: latest.content, mine: content, theirsTitle: latest.title, mineTitle: title })
  }
  const reloadLatest = async () => {
    const latest = await loadLatest()
    if (!latest) return
    clearUnsaved(userId, saved?.id)
    onReload(latest)
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

            {others.length > 0 && (
              <p role="status" className="rounded-md border border-sky-400 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-50">
                Sedang disunting oleh {others.join(', ')}.
              </p>
            )}
            {unsaved && (
              <section role="alert" aria-label="Perubahan belum disimpan" className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4">
                <p className="font-semibold">Pulihkan perubahan yang belum disimpan?</p>
                <p className="text-sm text-muted-foreground">
                  Ada teks yang Anda ketik di peramban ini pada {formatShortDateTime(unsaved.savedAt)} dan belum tersimpan.
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button type="button" size="sm" onClick={recoverUnsaved}>
                    Pulihkan
                  </Button>
                  <Button type="button" size="sm" variant="outline" onClick={dropUnsaved}>
                    Buang
                  </Button>
                </div>
              </section>
            )}
            {conflict && (
              <ConflictPanel
                conflict={conflict}
                differences={differences}
                busy={saving}
                onShowDifferences={() => void showDifferences()}
                onReload={() => void reloadLatest()}
                onOverwrite={() => void persist({ overwrite: conflict })}
              />
            )}

            <Field label="Judul" error={errors.title}>
              {(control) => (
                <Input
                  {...control}
                  value={title}
                  onChange={(e) => {
                    setTitle(e.target.value)
                    if (errors.title && e.target.value.trim()) setErrors(({ title: _, ...rest }) => rest)
                  }}
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
              key={body.key}
              initialHtml={body.html}
              onChange={(html) => {
                setContent(html)
                if (errors.content && hasVisibleContent(html)) setErrors(({ content: _, ...rest }) => rest)
              }}
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
              onDate={(date) => pickSchedule({ ...schedule, date })}
              onTime={(time) => pickSchedule({ ...schedule, time })}
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

            {showHistory && saved && (
              <RevisionHistory
                articleId={saved.id}
                version={saved.version}
                currentContent={content}
                onRestored={(restored) => {
                  clearUnsaved(userId, saved.id)
                  onReload(restored)
                }}
              />
            )}

            {autosavedAt && (
              <p role="status" className="text-sm text-muted-foreground">
                Draf tersimpan otomatis pukul {formatShortDateTime(autosavedAt)}.
              </p>
            )}

            <DialogFooter>
              {saved && (
                <Button type="button" variant="ghost" className="sm:mr-auto" onClick={() => setShowHistory((v) => !v)} aria-expanded={showHistory}>
                  Riwayat Revisi
                </Button>
              )}
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
      {session && (
        <SignInAgainDialog
          open={signInOpen}
          session={session}
          onPasswordAccepted={() => setReauth((prev) => prev ?? {})}
          onSignedIn={() => {
            toast.success('Berhasil Masuk Kembali', { description: 'Lanjutkan menyunting; tidak ada yang hilang.' })
            const retry = reauth?.retry
            setReauth(null)
            if (retry) void persist(retry)
          }}
          onGiveUp={onClose}
        />
      )}
    </>
  )
}
