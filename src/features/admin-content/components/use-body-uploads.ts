import { useCallback, useMemo, useState } from 'react'
import { articleImagePath, removeUnusedArticleImages } from '../api/article-files'
import { bodyPath, uploadArticleImage } from '../api/upload-article-images'

/**
 * Pictures uploaded from the editor's picture panel while the dialog is open. They are stored at
 * once (a new article has no id yet, the user's folder needs none), so they can be placed in the
 * text before the first save. Saving removes those the text no longer shows; closing without
 * saving removes them all (and what a failed save stored); a closed tab leaves them to the content page's daily sweep
 * (`sweepAbandonedArticleImages`).
 */
export function useBodyUploads(userId: string) {
  const [urls, setUrls] = useState<string[]>([])

  const upload = useCallback(
    async (file: File) => {
      const url = await uploadArticleImage(bodyPath(userId, file), file)
      setUrls((prev) => [...prev, url])
      return url
    },
    [userId],
  )

  const paths = useMemo(() => urls.map((url) => articleImagePath(url)).filter((path): path is string => path !== null), [urls])

  // Also takes `others` (URLs), e.g. a cover stored by a save that then failed. Storage keeps any
  // file an article names, so this never removes a picture that was saved.
  const discard = useCallback(
    (others: Iterable<string> = []) => {
      const extra = [...others].map((url) => articleImagePath(url)).filter((path): path is string => path !== null)
      void removeUnusedArticleImages(null, null, [...paths, ...extra])
    },
    [paths],
  )

  return { urls, paths, upload, discard }
}
