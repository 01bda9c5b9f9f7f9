import { useState, type ComponentProps } from 'react'
import { DEFAULT_ARTICLE_COVER } from '@/content/home'

/** Cover of an article, or the local default picture when it has none or it fails to load. */
export function ArticleCover({ src, ...props }: Omit<ComponentProps<'img'>, 'src'> & { src: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null)
  const url = src && failed !== src ? src : DEFAULT_ARTICLE_COVER
  return (
    <img
      width={800}
      height={450}
      loading="lazy"
      decoding="async"
      {...props}
      src={url}
      onError={() => setFailed(src ?? null)}
    />
  )
}
