import { useMemo } from 'react'
import { useRenderContext } from '@/lib/render-context'
import { sanitizeArticleHtml } from '@/lib/sanitize'

/** Text from the rich-text editor, sanitised as article bodies are, in the server's HTML too. */
export function RichHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const { origin } = useRenderContext()
  const clean = useMemo(() => sanitizeArticleHtml(html, origin), [html, origin])
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
}
