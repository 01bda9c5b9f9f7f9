import { useMemo } from 'react'
import { sanitizeArticleHtml } from '@/lib/sanitize'

/** Text from the rich-text editor, sanitised as article bodies are, in the server's HTML too. */
export function RichHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html])
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
}
