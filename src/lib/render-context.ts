import { createContext, createElement, use, type ReactNode } from 'react'
import { createPublicApi, type PublicApi, type PublicApiConfig } from './public-api'

/**
 * What one render needs to know about where it runs: the page's public origin, the backend the
 * browser talks to, whether stored images have renditions, and how this render reads the API.
 * The server makes one per request and the browser one per page load; nothing of it is global,
 * so two renders for two hosts at once never see each other's values.
 */
export type RenderContext = {
  /** The page's own origin, as the visitor reached it (same-site links in article bodies). */
  origin: string
  /** The site's canonical address (SITE_URL): canonical links, share and Open Graph URLs. */
  siteUrl: string
  /** The backend address the browser uses (SUPABASE_URL). */
  apiUrl: string
  /** Base of stored files' URLs: '' when the backend is the page's own origin, else its address. */
  storageBase: string
  /** False where the backend has no /render/image (VITE_IMAGE_TRANSFORMS=off). */
  imageTransforms: boolean
  /** The public REST client of this render. */
  api: PublicApi
}

export type RenderContextInit = {
  origin: string
  siteUrl?: string
  apiUrl: string
  /** How reads are made (the server passes its in-process fetch). */
  api: PublicApiConfig
  imageTransforms?: boolean
}

export function createRenderContext({ origin, siteUrl = origin, apiUrl, api, imageTransforms }: RenderContextInit): RenderContext {
  const base = apiUrl.replace(/\/+$/, '')
  return {
    origin,
    siteUrl,
    apiUrl,
    // The same relative URLs from the server and the browser whatever host name the visitor used.
    storageBase: base === origin ? '' : base,
    imageTransforms: imageTransforms ?? import.meta.env.VITE_IMAGE_TRANSFORMS !== 'off',
    api: createPublicApi(api),
  }
}

const Context = createContext<RenderContext | null>(null)

export function RenderContextProvider({ value, children }: { value: RenderContext; children: ReactNode }) {
  return createElement(Context, { value }, children)
}

export function useRenderContext(): RenderContext {
  const context = use(Context)
  if (!context) throw new Error('useRenderContext outside RenderContextProvider')
  return context
}
