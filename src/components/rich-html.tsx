import { useArticleHtml } from '@/lib/article-html'
import { playVideo } from '@/lib/play-video'
import { useRenderContext } from '@/lib/render-context'

/**
 * Text from the rich-text editor, sanitised as article bodies are: by the server for its HTML, in
 * the browser (loading the sanitizer) only for content it did not render.
 */
export function RichHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  const { origin } = useRenderContext()
  const clean = useArticleHtml(html, origin)
  // a video facade in the text becomes its player when clicked
  return <div className={className} onClick={playVideo} dangerouslySetInnerHTML={{ __html: clean }} />
}
