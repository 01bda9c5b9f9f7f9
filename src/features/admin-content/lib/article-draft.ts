import type { AdminArticle } from '../api/get-articles'
import { captionsFor, type Captions } from './captions'
import { initialMode, toWibParts, type PublishMode } from './publication'
import type { UnsavedChanges } from './unsaved-changes'

/** The text fields the browser keeps until they are saved (see unsaved-changes.ts). */
export type DraftText = { title: string; category: string; content: string }

/** Everything the article dialog edits, as plain data. */
export type Draft = DraftText & {
  coverUrl: string | null
  coverFile: File | null
  galleryUrls: string[]
  galleryFiles: File[]
  mode: PublishMode
  schedule: { date: string; time: string }
  /** Keyed by a stored picture's URL, or by pictureKey() for one picked but not uploaded yet. */
  captions: Captions
  bylineHidden: boolean
}

export function draftFrom(article: AdminArticle | null): Draft {
  const mode = initialMode(article?.published_at)
  return {
    title: article?.title ?? '',
    category: article?.category ?? '',
    content: article?.content ?? '',
    coverUrl: article?.cover_image_url ?? null,
    coverFile: null,
    galleryUrls: article?.image_gallery_urls ?? [],
    galleryFiles: [],
    mode,
    schedule: article?.published_at && mode === 'schedule' ? toWibParts(article.published_at) : { date: '', time: '' },
    captions: (article?.image_captions ?? {}) as Captions,
    bylineHidden: article?.byline_hidden ?? false,
  }
}

export const textOf = ({ title, category, content }: DraftText): DraftText => ({ title, category, content })

export const sameText = (a: DraftText, b: DraftText) => a.title === b.title && a.category === b.category && a.content === b.content

// A picked file has no URL until the save uploads it; its caption waits under a key of its own.
const fileKeys = new WeakMap<File, string>()
let nextFileKey = 0
export function pictureKey(file: File): string {
  let key = fileKeys.get(file)
  if (!key) {
    nextFileKey += 1
    key = `file:${nextFileKey}`
    fileKeys.set(file, key)
  }
  return key
}

/**
 * The captions to store once the picked files have URLs: each picked file's caption moves to its
 * URL, and pictures the article no longer shows (or blank captions) are left out.
 */
export function captionsToStore(draft: Draft, uploaded: Map<File, string>, finalUrls: (string | null)[]): Captions {
  const merged: Captions = { ...draft.captions }
  for (const file of [draft.coverFile, ...draft.galleryFiles]) {
    const url = file ? uploaded.get(file) : undefined
    const caption = file ? draft.captions[pictureKey(file)] : undefined
    if (url && caption) merged[url] = caption
  }
  return captionsFor(merged, finalUrls)
}

/**
 * Whether closing would lose anything, against `stored`: the article as opened, or the draft an
 * autosave stored since; and the text last stored.
 */
export function isDirty(draft: Draft, stored: Draft, storedText: DraftText): boolean {
  const opened = stored
  const urls = [draft.coverUrl, ...draft.galleryUrls]
  return (
    !sameText(draft, storedText) ||
    draft.coverFile !== null ||
    draft.galleryFiles.length > 0 ||
    draft.coverUrl !== opened.coverUrl ||
    draft.galleryUrls.length !== opened.galleryUrls.length ||
    draft.mode !== opened.mode ||
    JSON.stringify(captionsFor(draft.captions, urls)) !== JSON.stringify(captionsFor(opened.captions, urls)) ||
    draft.bylineHidden !== opened.bylineHidden
  )
}

/** Text typed earlier in this browser is offered back only when it differs from the stored article. */
export function recoverable(found: UnsavedChanges | null, article: AdminArticle | null): UnsavedChanges | null {
  if (!found) return null
  return sameText(found, textOf(draftFrom(article))) ? null : found
}
