// The server's half of rendering: matches the URL against the same route table as the browser,
// reads what the page needs through the public REST API, and renders it with React's streaming
// renderer. Built by `vite build --ssr` into dist-ssr/ and loaded by server/site.
import { StrictMode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { dehydrate, QueryClient } from '@tanstack/react-query'
import { matchRoutes, StaticRouter } from 'react-router'
import { App } from './app/app'
import { preloadRoute, routes, type RouteHandle } from './app/routes'
import { HttpStatusContext, type HttpStatusRecorder } from './lib/http-status'
import { configurePublicApi, type PublicApiConfig } from './lib/public-api'
import { setSanitizeOrigin } from './lib/sanitize'
import { setRenderTarget } from './lib/env'
import { serializeSsrState, type SsrState } from './lib/ssr-state'
import { ContactRefusalContext, type ContactRefusal } from './features/contact/api/contact-outcome'
import { submitContactForm, tooLargeRefusal } from './features/contact/api/submit-contact-form'

export type RenderOptions = {
  /** How the server reads (in-process fetch allowed). */
  api: PublicApiConfig
  /** What the browser gets: its API address and anon key. */
  env: SsrState['env']
  /** Public origin, for telling same-site links in article bodies from external ones. */
  origin: string
  /** A contact form posted without JavaScript that was refused: the page shows why. */
  contactRefusal?: ContactRefusal | null
}

/** `status` is set when the page rendered asks for one (404 for a page past the end). */
export type RenderResult = { html: string; state: string; status?: number }

/** The page's markup and the state the browser hydrates with. */
export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  configurePublicApi(options.api)
  setSanitizeOrigin(options.origin)
  setRenderTarget({ url: options.env.SUPABASE_URL, origin: options.origin })
  // No retries while a visitor waits: a failed read renders the page's loading state and the
  // browser asks again.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
  const url = new URL(request.url)
  await Promise.all(
    (matchRoutes(routes, url.pathname) ?? []).flatMap((match) => [
      preloadRoute(match.route),
      (match.route.handle as RouteHandle | undefined)?.prefetch(queryClient, match.params, url),
    ]),
  )
  let status: number | undefined
  const recorder: HttpStatusRecorder = (value) => {
    status = value
  }
  const stream = await renderToReadableStream(
    <StrictMode>
      <HttpStatusContext value={recorder}>
        <StaticRouter location={url.pathname + url.search}>
          <ContactRefusalContext value={options.contactRefusal ?? null}>
            <App queryClient={queryClient} />
          </ContactRefusalContext>
        </StaticRouter>
      </HttpStatusContext>
    </StrictMode>,
    // React outlines a large Suspense boundary and fills it in with an inline script, which the
    // site's CSP (script-src 'self') blocks; the page is sent whole anyway, so nothing is outlined.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  await stream.allReady
  const html = await new Response(stream).text()
  const state = serializeSsrState({ env: options.env, queries: dehydrate(queryClient), contactRefusal: options.contactRefusal ?? undefined })
  queryClient.clear()
  return { html, state, status }
}

/**
 * A contact form posted to the site server (no JavaScript, or not loaded yet): checked and sent
 * through the public REST API like the browser's; null when sent, else the refusal to render.
 * `form` is null when the body was too large to read.
 */
export async function submitContact(form: Record<string, string> | null, api: PublicApiConfig): Promise<ContactRefusal | null> {
  if (!form) return tooLargeRefusal()
  configurePublicApi(api)
  return submitContactForm(form)
}
