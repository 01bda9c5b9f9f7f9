// What every page of the app is: one module exporting its Component, the data its loader reads
// before the server renders it (the browser reuses it from the hydrated query cache) and its
// meta(data). The server answers "match, load, meta, render" from these alone; the browser's
// document meta reads the same meta(data). Relative imports only: the server imports the types.
import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { RenderContext } from './render-context'

export type RouteArgs = {
  params: Readonly<Record<string, string | undefined>>
  /** The page's address, on the render's origin. */
  url: URL
  context: RenderContext
}

export type LoaderArgs = RouteArgs & { queryClient: QueryClient }

export type RouteMeta = {
  /** Shown as "<title> | <site name>"; null gives the site's own title. */
  title: string | null
  description?: string | null
  /** Path and query of the canonical address; the page's path when absent. */
  canonical?: string
  /** Absolute, or relative to the page's origin. */
  image?: string | null
  /** Pixel size of `image`, when it is a rendition of known size. */
  imageSize?: { width: number; height: number }
  type?: 'website' | 'article'
  /** Kept out of search engines (a draft, a "not found" answer). */
  noindex?: boolean
  /** The HTTP status the server answers with (404 for a page that is not there). */
  status?: number
  /** schema.org data, already serialised for a JSON-LD block. */
  jsonLd?: string
}

/** `Data` is what the loader returns; in the browser meta also sees `undefined` while it loads. */
export type RouteModule<Data = undefined> = {
  Component: ComponentType
  loader?: (args: LoaderArgs) => Promise<Data>
  meta: (data: Data | undefined, args: RouteArgs) => RouteMeta
  /** Drawn by the browser alone (nothing in it is public): the server sends the page shell. */
  clientOnly?: boolean
}

// A table of modules of different data types: each module's loader feeds only its own meta.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouteModule = RouteModule<any>
