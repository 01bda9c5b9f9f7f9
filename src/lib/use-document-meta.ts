import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { documentTitle } from './pages'

const DEFAULT_IMAGE = '/images/articles/default-og.jpg'

function setHeadTag(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let tag = document.head.querySelector<HTMLElement>(selector)
  if (!tag) {
    tag = create()
    document.head.appendChild(tag)
  }
  tag.setAttribute(attribute, value)
}

function setMeta(key: 'name' | 'property', name: string, content: string) {
  setHeadTag(`meta[${key}="${name}"]`, () => {
    const meta = document.createElement('meta')
    meta.setAttribute(key, name)
    return meta
  }, 'content', content)
}

type DocumentMeta = {
  title?: string | null
  description?: string | null
  image?: string | null
  type?: 'website' | 'article'
  /** Query string that names a distinct page (/kegiatan?halaman=2), part of the canonical URL. */
  query?: string
  /** Keep the page out of search engines (a draft staff are previewing). */
  noindex?: boolean
}

/**
 * Title, description, canonical link and Open Graph tags of the current page, the same ones the
 * server writes into the HTML, kept in step on client-side navigation so nothing goes stale.
 */
export function useDocumentMeta({ title, description, image, type = 'website', query = '', noindex = false }: DocumentMeta) {
  const { pathname } = useLocation()
  useEffect(() => {
    const fullTitle = documentTitle(title)
    const url = `${window.location.origin}${pathname}${query}`
    const imageUrl = new URL(image || DEFAULT_IMAGE, window.location.origin).href
    document.title = fullTitle
    setHeadTag('link[rel="canonical"]', () => {
      const link = document.createElement('link')
      link.rel = 'canonical'
      return link
    }, 'href', url)
    setMeta('property', 'og:title', fullTitle)
    setMeta('property', 'og:url', url)
    setMeta('property', 'og:type', type)
    setMeta('property', 'og:image', imageUrl)
    if (description) {
      setMeta('name', 'description', description)
      setMeta('property', 'og:description', description)
    }
    if (noindex) setMeta('name', 'robots', 'noindex, nofollow')
    else document.head.querySelector('meta[name="robots"]')?.remove()
  }, [title, description, image, type, pathname, query, noindex])
}
