// The server's half of rendering: matches the URL against the same route table as the browser,
// runs the page's route module (loader, then meta) and renders it with React's streaming renderer,
// all under one request's RenderContext. Built by `vite build --ssr` into dist-ssr/ and loaded by
// server/site, which only writes what this returns into index.html.
import { StrictMode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { dehydrate, QueryClient } from '@tanstack/react-query'
import { StaticRouter } from 'react-router'
import { App } from './app/app'
import { loadPageModule, preloadRoutes } from './app/routes'
import { createPublicApi, type PublicApiConfig } from './lib/public-api'
import { createRenderContext, type RenderContext } from './lib/render-context'
import { DEFAULT_SHARE_IMAGE, documentTitle, notFoundPage } from './lib/pages'
import type { RouteMeta } from './lib/route-module'
import { serializeSsrState, type SsrState } from './lib/ssr-state'
import { ContactRefusalContext, type ContactRefusal } from './features/contact/api/contact-outcome'
import { submitContactForm, tooLargeRefusal } from './features/contact/api/submit-contact-form'
import { LoginRefusalContext } from './features/auth/api/login-outcome'
import type { LoginRefusal } from './features/auth/api/form-sign-in'

export type RenderOptions = {
  /** How the server reads (in-process fetch allowed). */
  api: PublicApiConfig
  /** What the browser gets: its API address and anon key. */
  env: SsrState['env']
  /** The page's public origin as the visitor reached it. */
  origin: string
  /** The site's canonical address (SITE_URL), for canonical and Open Graph URLs. */
  siteUrl: string
  /** A contact form posted without JavaScript that was refused: the page shows why. */
  contactRefusal?: ContactRefusal | null
  /** A /login form posted without JavaScript that signed nobody in: the page shows why. */
  loginRefusal?: LoginRefusal | null
}

/** The <head> of a page as the server writes it: absolute URLs, the full title. */
export type HeadMeta = {
  title: string
  description: string
  url: string
  image: string
  imageSize?: { width: number; height: number }
  type: 'website' | 'article'
  jsonLd?: string
  noindex?: boolean
}

/** `html` is null for a page the browser alone draws (the admin area). */
export type RenderResult = { html: string | null; state: string; head: HeadMeta; status: number }

function headMeta(meta: RouteMeta, pathname: string, context: RenderContext): HeadMeta {
  return {
    title: documentTitle(meta.title),
    description: meta.description || notFoundPage.description,
    // /profil/ is /profil for search engines.
    url: `${context.siteUrl}${meta.canonical ?? (pathname.replace(/\/+$/, '') || '/')}`,
    image: new URL(meta.image || DEFAULT_SHARE_IMAGE, `${context.siteUrl}/`).href,
    imageSize: meta.image ? meta.imageSize : undefined,
    type: meta.type ?? 'website',
    jsonLd: meta.jsonLd,
    noindex: meta.noindex,
  }
}

/** Match, load, meta, render: the page's markup, its head and status, and the state the browser hydrates with. */
export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  const context = createRenderContext({ origin: options.origin, siteUrl: options.siteUrl, apiUrl: options.env.SUPABASE_URL, api: options.api })
  const requested = new URL(request.url)
  const url = new URL(requested.pathname + requested.search, options.origin)
  // No retries while a visitor waits: a failed read renders the page's loading state and the
  // browser asks again.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
  const [page] = await Promise.all([loadPageModule(url.pathname), preloadRoutes(url.pathname)])
  if (!page) throw new Error(`No route for ${url.pathname}`)
  const args = { params: page.params, url, context }
  const data = await page.module.loader?.({ ...args, queryClient })
  const meta = page.module.meta(data, args)
  const head = headMeta(meta, url.pathname, context)
  const status = meta.status ?? 200
  if (page.module.clientOnly) return { html: null, state: serializeSsrState({ env: options.env }), head, status }

  const stream = await renderToReadableStream(
    <StrictMode>
      <StaticRouter location={url.pathname + url.search}>
        <ContactRefusalContext value={options.contactRefusal ?? null}>
          <LoginRefusalContext value={options.loginRefusal ?? null}>
            <App queryClient={queryClient} context={context} />
          </LoginRefusalContext>
        </ContactRefusalContext>
      </StaticRouter>
    </StrictMode>,
    // React outlines a large Suspense boundary and fills it in with an inline script, which the
    // site's CSP (script-src 'self') blocks; the page is sent whole anyway, so nothing is outlined.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  await stream.allReady
  const html = await new Response(stream).text()
  const state = serializeSsrState({ env: options.env, queries: dehydrate(queryClient), contactRefusal: options.contactRefusal ?? undefined, loginRefusal: options.loginRefusal ?? undefined })
  queryClient.clear()
  return { html, state, head, status }
}

/**
 * A contact form posted to the site server (no JavaScript, or not loaded yet): checked and sent
 * through the public REST API like the browser's; null when sent, else the refusal to render.
 * `form` is null when the body was too large to read.
 */
export async function submitContact(form: Record<string, string> | null, api: PublicApiConfig): Promise<ContactRefusal | null> {
  if (!form) return tooLargeRefusal()
  return submitContactForm(createPublicApi(api), form)
}

// The /login form posted to the site server: the same checks, auth and REST requests and texts as
// the app's sign-in, through the visitor's own request to the token endpoint.
export { signInWithForm } from './features/auth/api/form-sign-in'
