import { useEffect, useState } from 'react'
import type { AdminArticle } from '../api/get-articles'
import { draftFrom, isDirty, recoverable, sameText, textOf, type Draft, type DraftText } from '../lib/article-draft'
import { clearUnsaved, readUnsaved, writeUnsaved, type UnsavedChanges } from '../lib/unsaved-changes'

export type SavedRef = { id: string; version: number }

/**
 * The article dialog's fields, and the unsaved-text recovery around them: every keystroke's text
 * is kept in this browser until it is stored, and text left from an earlier visit is offered back
 * once before it is written over.
 */
export function useArticleDraft(article: AdminArticle | null, userId: string) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(article))
  // The row as last stored by this dialog: id and version move on with every (auto)save.
  const [saved, setSaved] = useState<SavedRef | null>(article ? { id: article.id, version: article.version } : null)
  // What was last stored on the server: `textDirty` and autosave compare against it.
  const [storedText, setStoredText] = useState<DraftText>(() => textOf(draftFrom(article)))
  // What the server holds: the article as opened, then the whole draft each autosave stored, and when.
  const [stored, setStored] = useState<{ draft: Draft; at: string | null }>(() => ({ draft: draftFrom(article), at: null }))
  const [unsaved, setUnsaved] = useState<UnsavedChanges | null>(() => recoverable(readUnsaved(userId, article?.id), article))
  // The body editor takes its text once; a recovered text remounts it with a new key.
  const [body, setBody] = useState({ key: 0, html: article?.content ?? '' })

  const textDirty = !sameText(draft, storedText)
  const dirty = isDirty(draft, stored.draft, storedText)

  useEffect(() => {
    if (!textDirty || unsaved) return
    writeUnsaved(userId, saved?.id, { ...textOf(draft), version: saved?.version ?? null })
  }, [textDirty, unsaved, draft, userId, saved])

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }))

  return {
    draft,
    update,
    setDraft,
    saved,
    textDirty,
    dirty,
    unsaved,
    body,
    /** When an autosave last stored the draft in this dialog; null before the first. */
    autosavedAt: stored.at,
    /**
     * The server now holds this draft (an autosave): later changes are compared with it. Called
     * from the save that started on this render's draft, with the text it sent.
     */
    markStored: (next: SavedRef, text: DraftText) => {
      setSaved(next)
      setStoredText(text)
      setStored({ draft: { ...draft, ...text }, at: new Date().toISOString() })
    },
    recoverUnsaved: () => {
      if (!unsaved) return
      setDraft((current) => ({ ...current, ...textOf(unsaved) }))
      setBody((prev) => ({ key: prev.key + 1, html: unsaved.content }))
      setUnsaved(null)
    },
    dropUnsaved: () => {
      clearUnsaved(userId, saved?.id)
      setUnsaved(null)
    },
    forget: () => clearUnsaved(userId, saved?.id),
  }
}

export type ArticleDraftState = ReturnType<typeof useArticleDraft>
