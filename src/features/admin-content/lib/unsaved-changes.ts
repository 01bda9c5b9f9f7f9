/**
 * Unsaved editor text kept in this browser, per account and per article ('new' for an article
 * not saved yet), so a closed tab or a crash loses nothing. Cleared once the article is saved
 * or the person chooses to discard it.
 */
export type UnsavedChanges = {
  title: string
  category: string
  content: string
  /** The version the text was typed over (null for a new article). */
  version: number | null
  savedAt: string
}

const key = (userId: string, articleId: string | undefined) => `skadron:unsaved:${userId}:${articleId ?? 'new'}`

export function readUnsaved(userId: string, articleId: string | undefined): UnsavedChanges | null {
  try {
    const raw = window.localStorage.getItem(key(userId, articleId))
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<UnsavedChanges>
    if (typeof value.title !== 'string' || typeof value.content !== 'string' || typeof value.category !== 'string') return null
    return {
      title: value.title,
      category: value.category,
      content: value.content,
      version: typeof value.version === 'number' ? value.version : null,
      savedAt: typeof value.savedAt === 'string' ? value.savedAt : new Date().toISOString(),
    }
  } catch {
    return null
  }
}

export function writeUnsaved(userId: string, articleId: string | undefined, changes: Omit<UnsavedChanges, 'savedAt'>) {
  try {
    window.localStorage.setItem(key(userId, articleId), JSON.stringify({ ...changes, savedAt: new Date().toISOString() }))
  } catch {
    // a full or disabled storage only loses the safety copy, never the editor's text
  }
}

export function clearUnsaved(userId: string, articleId: string | undefined) {
  try {
    window.localStorage.removeItem(key(userId, articleId))
  } catch {
    // nothing to clear
  }
}
