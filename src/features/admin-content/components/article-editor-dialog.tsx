import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { ARTICLE_CATEGORIES, CATEGORY_MAX, hasVisibleContent, TITLE_MAX } from '../api/article-schema'
import type { AdminArticle } from '../api/get-articles'
import { holdOf, useArticleHolds } from '../api/held-articles'
import { useArticleDraft } from '../hooks/use-article-draft'
import { useArticleSave } from '../hooks/use-article-save'
import { pictureKey } from '../lib/article-draft'
import { publicationStatus, publishedAtFor } from '../lib/publication'
import { ArticleBodyField } from './article-body-field'
import { ArticleImageFields } from './article-image-fields'
import { ArticlePublicDetails } from './article-public-details'
import { ConflictPanel } from './conflict-panel'
import { DiscardChangesDialog } from './discard-changes-dialog'
import { HoldNotice } from './hold-notice'
import { PresenceNote, SaveProgress } from './editor-status'
import { PublishBar } from './publish-bar'
import { RevisionHistory } from './revision-history'
import { SignInAgainDialog } from './sign-in-again-dialog'
import { UnsavedBanner } from './unsaved-banner'
import { useBodyUploads } from './use-body-uploads'

type Props = {
  /** null creates a new article. The parent remounts this per opening (key). */
  article: AdminArticle | null
  userId: string
  onClose: () => void
  /** Opens the editor again on this state of the article ('Muat Versi Terbaru', a restored revision). */
  onReload: (article: AdminArticle) => void
}

/** The article form: markup over useArticleDraft (the fields) and useArticleSave (saving them). */
export function ArticleEditorDialog({ article, userId, onClose, onReload }: Props) {
  const id = useId()
  const state = useArticleDraft(article, userId)
  const { draft, update, saved } = state
  const bodyUploads = useBodyUploads(userId)
  const save = useArticleSave({ article, userId, state, bodyUploadPaths: bodyUploads.paths, onClose })
  const { saving, errors, setErrors } = save
  const [confirmClose, setConfirmClose] = useState(false)
  const [showHistory, setShowHistory] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const holds = useArticleHolds()
  // a save from this editor (an autosave too) comes after any rejection shown when it opened
  const savedHere = saved !== null && saved.version !== article?.version
  const lastHold = holdOf(holds.data, saved?.id, article?.updated_at)
  const hold = savedHere && lastHold?.state === 'rejected' ? null : lastHold

  // A refused save leaves focus on the first field to fix, not on the page behind the toast.
  useEffect(() => {
    if (save.refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [save.refusals])

  // Pictures stored for an article that is then not saved go again.
  const closeWithoutSaving = () => {
    bodyUploads.discard(save.uploadedUrls())
    state.forget()
    onClose()
  }
  const requestClose = () => {
    if (saving) return
    if (state.dirty) setConfirmClose(true)
    else closeWithoutSaving()
  }
  const reloadWith = (latest: AdminArticle) => {
    state.forget()
    onReload(latest)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.persist()
  }

  // The editor inserts only pictures stored for this article.
  const storedImages = useMemo(
    () => [
      ...(draft.coverUrl ? [{ url: draft.coverUrl, label: 'gambar sampul' }] : []),
      ...draft.galleryUrls.map((url, index) => ({ url, label: `gambar galeri ${index + 1}` })),
      ...bodyUploads.urls.map((url, index) => ({ url, label: `gambar isi ${index + 1}` })),
    ],
    [draft.coverUrl, draft.galleryUrls, bodyUploads.urls],
  )
  // Captions can be written for picked pictures too; they move to the pictures' URLs on save.
  const pictures = [
    ...(draft.coverFile ? [{ key: pictureKey(draft.coverFile), label: `gambar sampul (${draft.coverFile.name})` }] : []),
    ...(draft.coverUrl && !draft.coverFile ? [{ key: draft.coverUrl, label: 'gambar sampul' }] : []),
    ...draft.galleryUrls.map((url, index) => ({ key: url, label: `gambar galeri ${index + 1}` })),
    ...draft.galleryFiles.map((file) => ({ key: pictureKey(file), label: `gambar galeri (${file.name})` })),
  ]

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && requestClose()}>
        <DialogContent className="sm:max-w-3xl" onEscapeKeyDown={(e) => saving && e.preventDefault()}>
          <form ref={form} onSubmit={submit} className="grid gap-5" noValidate aria-busy={saving}>
            <DialogHeader>
              <DialogTitle>{article ? 'Edit Artikel' : 'Artikel Baru'}</DialogTitle>
              <DialogDescription>Judul dan isi wajib diisi. Kategori dan gambar boleh dikosongkan.</DialogDescription>
            </DialogHeader>

            <PresenceNote articleId={saved?.id} userId={userId} />
            {hold && <HoldNotice hold={hold} published={publicationStatus(article?.published_at ?? null) === 'Terbit'} />}
            {state.unsaved && <UnsavedBanner savedAt={state.unsaved.savedAt} onRecover={state.recoverUnsaved} onDrop={state.dropUnsaved} />}
            {save.conflict && saved && (
              <ConflictPanel
                articleId={saved.id}
                conflict={save.conflict}
                mine={{ title: draft.title, content: draft.content }}
                busy={saving}
                onReload={reloadWith}
                onOverwrite={() => save.conflict && void save.persist({ overwrite: save.conflict })}
              />
            )}

            <Field label="Judul" error={errors.title}>
              {(control) => (
                <Input
                  {...control}
                  value={draft.title}
                  onChange={(e) => {
                    update('title', e.target.value)
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
                <>
                  <Input
                    {...control}
                    value={draft.category}
                    onChange={(e) => update('category', e.target.value)}
                    placeholder="Kategori (e.g., Latihan, Operasi)"
                    maxLength={CATEGORY_MAX}
                    list="article-categories"
                  />
                  <datalist id="article-categories">
                    {ARTICLE_CATEGORIES.map((category) => <option key={category} value={category} />)}
                  </datalist>
                </>
              )}
            </Field>
            <ArticleBodyField
              key={state.body.key}
              initialHtml={state.body.html}
              onChange={(html) => {
                update('content', html)
                if (errors.content && hasVisibleContent(html)) setErrors(({ content: _, ...rest }) => rest)
              }}
              images={storedImages}
              onUpload={bodyUploads.upload}
              title={draft.title}
              category={draft.category}
              error={errors.content}
              disabled={saving}
            />

            <ArticleImageFields id={id} draft={draft} update={update} disabled={saving} />

            <ArticlePublicDetails
              id={id}
              pictures={pictures}
              captions={draft.captions}
              onCaptions={(captions) => update('captions', captions)}
              bylineHidden={draft.bylineHidden}
              onBylineHidden={(hidden) => update('bylineHidden', hidden)}
              disabled={saving}
            />

            <SaveProgress progress={save.progress} autosavedAt={save.autosavedAt} />

            {showHistory && saved && (
              <RevisionHistory articleId={saved.id} version={saved.version} currentContent={draft.content} onRestored={reloadWith} />
            )}

            <PublishBar
              id={id}
              mode={draft.mode}
              schedule={draft.schedule}
              current={article?.published_at}
              error={save.publishError}
              saving={saving}
              onMode={(mode) => {
                update('mode', mode)
                save.setPublishError(null)
              }}
              onSchedule={(schedule) => {
                update('schedule', schedule)
                // the error goes once the date and time now given would be accepted
                if (save.publishError && publishedAtFor(draft.mode, schedule, article?.published_at).ok) save.setPublishError(null)
              }}
              onSaveDraft={() => {
                update('mode', 'draft')
                void save.persist({ mode: 'draft' })
              }}
              onCancel={requestClose}
              history={saved ? { open: showHistory, onToggle: () => setShowHistory((v) => !v) } : undefined}
            />
          </form>
        </DialogContent>
      </Dialog>

      <DiscardChangesDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        onDiscard={closeWithoutSaving}
        stored={state.autosavedAt ? { kind: 'autosaved', at: state.autosavedAt } : article ? { kind: 'opened' } : { kind: 'nothing' }}
      />
      {save.signIn && (
        <SignInAgainDialog
          open={save.signIn.open}
          session={save.signIn.session}
          onPasswordAccepted={save.signIn.onPasswordAccepted}
          onSignedIn={save.signIn.onSignedIn}
          onGiveUp={onClose}
        />
      )}
    </>
  )
}
