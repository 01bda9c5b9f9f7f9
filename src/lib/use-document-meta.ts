import { useEffect } from 'react'
import { site } from '@/content/site'

function setMetaDescription(content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.appendChild(tag)
  }
  tag.content = content
}

/** Page title as "<title> | <site name>" and, when given, the meta description. */
export function useDocumentMeta({ title, description }: { title?: string | null; description?: string | null }) {
  useEffect(() => {
    document.title = title ? `${title} | ${site.name}` : `${site.name} | Penerbangan Angkatan Darat`
  }, [title])
  useEffect(() => {
    setMetaDescription(description || site.description)
  }, [description])
}
