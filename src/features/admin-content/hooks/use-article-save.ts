import { useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { fieldErrors } from '@/lib/validation/field-errors'
import { formatTime } from '@/lib/format'
import { messageOf } from '@/lib/picked-files'
import { SECOND_STEP_OWED, SECOND_STEP_OWED_TITLE } from '@/lib/error-messages'
import { useHoldSession } from '@/lib/session-hold'
import { VersionConflictError, type VersionConflict } from '@/lib/version-conflict'
import { ARTICLE_INCOMPLETE, ARTICLE_INVALID_TITLE, articleFormSchema, type ArticleFormInput } from '../api/article-schema'
import type { AdminArticle } from '../api/get-articles'
import { useSaveArticle } from '../api/save-article'
import { articleHeldReasons, HELD_TITLE } from '../api/held-articles'
import { heldDescription } from '@/lib/held-for-review'
import { hasLiveSession, isSessionError } from '../api/sign-in-again'
import { uploadArticleImages, UploadError, type UploadProgress } from '../api/upload-article-images'
import { captionsToStore, textOf } from '../lib/article-draft'
import { publishedAtFor, savedAs, type PublishMode } from '../lib/publication'
import { CONFLICT_TITLE, conflictSentence } from '../lib/conflict'
import type { ArticleDraftState } from './use-article-draft'

/** `mode` overrides the dialog's choice for this save ('Simpan Draf'). */
export type SaveOptions = { overwrite?: VersionConflict; auto?: boolean; mode?: PublishMode }

/** Drafts are saved to the server this long after typing stops. */
export const AUTOSAVE_MS = 3_000

type Args = {
  article: AdminArticle | null
  userId: string
  state: ArticleDraftState
  /** Object names of pictures uploaded into the text while editing (see useBodyUploads). */
  bodyUploadPaths: string[]
  onClose: () => void
}

/**
 * Saving the dialog's draft: the person's save (validation, uploads, the toast SPEC.md names),
 * the draft autosave a few seconds after typing stops, the refused save of a stale version
 * (kept as `conflict` with the typed text untouched), and an expired session, which asks for the
 * password and then runs the interrupted save again.
 */
export function useArticleSave({ article, userId, state, bodyUploadPaths, onClose }: Args) {
  const editing = article !== null
  const { draft, saved } = state
  const [saving, setSaving] = useState(false)
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [errors, setErrors] = useState<Partial<Record<keyof ArticleFormInput, string>>>({})
  const [publishError, setPublishError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<VersionConflict | null>(null)
  const [autosavedAt, setAutosavedAt] = useState<string | null>(null)
  // Counts the person's saves refused by the form's rules: the dialog then moves focus to the field.
  const [refusals, setRefusals] = useState(0)
  // Files already stored by an attempt whose save then failed: a retry reuses their URLs.
  const uploaded = useRef(new Map<File, string>())
  const mutation = useSaveArticle()

  const session = useHoldSession()
  const [reauth, setReauth] = useState<{ retry?: SaveOptions } | null>(null)
  const signInOpen = session !== null && (reauth !== null || !session.signedIn)

  const persist = async (options: SaveOptions = {}) => {
    const { overwrite, auto = false } = options
    if (saving) return
    const parsed = articleFormSchema.safeParse(textOf(draft))
    if (!parsed.success) {
      if (auto) return
      const found = fieldErrors(parsed.error)
      setErrors(found)
      setRefusals((n) => n + 1)
      const missing = found.title === ARTICLE_INCOMPLETE.description || found.content === ARTICLE_INCOMPLETE.description
      if (missing) toast.error(ARTICLE_INCOMPLETE.title, { description: ARTICLE_INCOMPLETE.description })
      else toast.error(ARTICLE_INVALID_TITLE, { description: Object.values(found)[0] })
      return
    }
    setErrors({})
    const publication = publishedAtFor(options.mode ?? draft.mode, draft.schedule, article?.published_at)
    if (!publication.ok) {
      if (auto) return
      setPublishError(publication.message)
      setRefusals((n) => n + 1)
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
          cover: draft.coverFile,
          gallery: draft.galleryFiles,
          uploaded: uploaded.current,
          onProgress: setProgress,
          onGalleryImageSkipped: (error) => toast.error('Upload Gagal', { description: `${error.file.name} dilewati: ${error.message}` }),
        })
      } catch (error) {
        if (error instanceof UploadError) {
          toast.error('Upload Gagal', { description: `${error.file.name}: ${error.message}` })
          return
        }
        throw error
      }
      const coverUrl = images.coverUrl ?? draft.coverUrl
      const galleryUrls = [...draft.galleryUrls, ...images.galleryUrls]
      const result = await mutation.mutateAsync({
        id: saved?.id,
        version: overwrite ? overwrite.version : saved?.version,
        overwriting: overwrite ? saved?.version : undefined,
        fields: {
          ...parsed.data,
          cover_image_url: coverUrl,
          image_gallery_urls: galleryUrls,
          // SPEC.md's save sends the writer; the database keeps the first author on every update
          author_id: userId,
          published_at: publication.value,
          image_captions: captionsToStore(draft, uploaded.current, [coverUrl, ...galleryUrls]),
          byline_hidden: draft.bylineHidden,
        },
        // an autosave keeps pictures uploaded while typing: the text may point at them again
        uploadedWhileEditing: auto ? [] : bodyUploadPaths,
      })
      state.forget()
      setConflict(null)
      if (auto) {
        state.markStored(result, textOf(draft))
        setAutosavedAt(new Date().toISOString())
        return
      }
      const held = await articleHeldReasons(result.id)
      if (held) {
        toast.info(HELD_TITLE, { description: heldDescription('Artikel belum terbit.', held), duration: 10_000 })
        onClose()
        return
      }
      const skipped = images.skipped.length
      toast.success(editing ? 'Artikel Berhasil Diperbarui!' : 'Artikel Berhasil Dibuat!', {
        description: [savedAs(publication.value), skipped > 0 ? `${skipped} gambar galeri gagal diunggah dan dilewati.` : ''].filter(Boolean).join(' '),
      })
      onClose()
    } catch (error) {
      if (error instanceof VersionConflictError) {
        setConflict(error.conflict)
        // at the bottom: the conflict panel, with the choices, opens at the top of the dialog
        toast.error(CONFLICT_TITLE, { description: conflictSentence(error.conflict), position: 'bottom-center' })
        return
      }
      if (session && (await session.refusedForSecondStep(error))) {
        // an autosave too: every later save would be refused the same way until enrolment
        toast.error(SECOND_STEP_OWED_TITLE, { description: SECOND_STEP_OWED })
        session.enrol()
        return
      }
      const live = !isSessionError(error) && (await hasLiveSession())
      if (!live) {
        setReauth({ retry: auto ? undefined : options })
        return
      }
      if (auto) return
      toast.error(editing ? 'Gagal Memperbarui' : 'Gagal Menyimpan', { description: messageOf(error) })
    } finally {
      setSaving(false)
      setProgress(null)
    }
  }

  // Drafts go to the server a few seconds after typing stops; pictures waiting to be uploaded, a
  // conflict, recoverable text or an invalid form wait for the person's own save.
  const autosave = useRef<() => void>(() => {})
  useEffect(() => {
    autosave.current = () => void persist({ auto: true })
  })
  const waiting = draft.coverFile !== null || draft.galleryFiles.length > 0
  useEffect(() => {
    if (draft.mode !== 'draft' || !state.textDirty || saving || conflict || state.unsaved || signInOpen || waiting) return
    const timer = window.setTimeout(() => autosave.current(), AUTOSAVE_MS)
    return () => window.clearTimeout(timer)
  }, [draft, state.textDirty, saving, conflict, state.unsaved, signInOpen, waiting])

  return {
    saving,
    progress,
    errors,
    setErrors,
    publishError,
    setPublishError,
    conflict,
    refusals,
    // 'pukul' takes a time of day; an autosave is always of this sitting
    autosavedAt: autosavedAt && formatTime(autosavedAt),
    persist,
    /** The files this dialog stored, for removal when it closes without saving. */
    uploadedUrls: () => uploaded.current.values(),
    signIn: session && {
      session,
      open: signInOpen,
      onPasswordAccepted: () => setReauth((prev) => prev ?? {}),
      onSignedIn: () => {
        toast.success('Berhasil Masuk Kembali', { description: 'Lanjutkan menyunting; tidak ada yang hilang.' })
        const retry = reauth?.retry
        setReauth(null)
        if (retry) void persist(retry)
      },
    },
  }
}
