import { use, useMemo, useState, useSyncExternalStore } from 'react'

type Sanitizer = typeof import('./sanitize')

let sanitizer: Promise<Sanitizer> | undefined

// DOMPurify is about 12 kB gzip: the browser loads it only when it must clean HTML itself (an
// article reached by client-side navigation, or edited since the server rendered the page).
function loadSanitizer(): Promise<Sanitizer> {
  if (!sanitizer) {
    const loading = import('./sanitize')
    // Marked as React's `use` marks a settled promise, so later renders read it without suspending.
    void loading.then((module) => Object.assign(loading, { status: 'fulfilled', value: module }))
    sanitizer = loading
  }
  return sanitizer
}

// The server renders synchronously from its first request on.
if (import.meta.env.SSR) void loadSanitizer()

const subscribeNever = () => () => {}

/**
 * Article HTML safe to put into the page (`dangerouslySetInnerHTML`). While the browser hydrates a
 * server-rendered article, the server's sanitized HTML is already in the DOM and React leaves it
 * as it is: the hook answers an empty string that React never writes (it compares `__html` with
 * the previous render's, and hydration does not apply it), so the sanitizer is not downloaded.
 * Any other content, or the same component showing another article, is sanitized here, its
 * links judged against `origin` (the render's own, from its context).
 */
export function useArticleHtml(content: string | null | undefined, origin: string): string {
  const hydrating = useSyncExternalStore(subscribeNever, () => false, () => true)
  const [serverContent, setServerContent] = useState(() => (hydrating && typeof document !== 'undefined' ? content : undefined))
  if (serverContent !== undefined && content !== serverContent) setServerContent(undefined)
  const keepServerHtml = serverContent !== undefined && content === serverContent
  const module = keepServerHtml ? null : use(loadSanitizer())
  return useMemo(() => (module ? module.sanitizeArticleHtml(content, origin) : ''), [module, content, origin])
}
