import { useEffect } from 'react'
import { useLocation, useParams } from 'react-router'
import { DEFAULT_SHARE_IMAGE, documentTitle } from './pages'
import { useRenderContext } from './render-context'
import type { RouteModule } from './route-module'

const DEFAULT_IMAGE = DEFAULT_SHARE_IMAGE

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

/**
 * Title, description, canonical link and Open Graph tags of the current page from its route
 * module's meta(data), the same function the server writes into the HTML, kept in step on
 * client-side navigation so nothing goes stale. `data` is undefined while the page loads it.
 */
export function useRouteMeta<Data>(meta: RouteModule<Data>['meta'], data?: Data) {
  const params = useParams()
  const { pathname, search } = useLocation()
  const context = useRenderContext()
  const { title, description, image, type = 'website', canonical = pathname, noindex = false } =
    meta(data, { params, url: new URL(pathname + search, context.origin), context })
  useEffect(() => {
    const fullTitle = documentTitle(title)
    const url = `${window.location.origin}${canonical}`
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
  }, [title, description, image, type, canonical, noindex])
}
