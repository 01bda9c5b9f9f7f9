import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { useNavigationPending } from '../router/browser-router'
import { ScrollRestoration } from '../router/scroll-restoration'
import { PageFallback } from '../page-fallback'
import { Navbar } from './navbar'
import { Footer } from './footer'
import { usePageViewBeacon } from './page-view-beacon'

export function PublicLayout() {
  const pending = useNavigationPending()
  usePageViewBeacon()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-gold px-4 py-2 font-semibold text-gold-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Langsung ke konten utama
      </a>
      <Navbar />
      {pending && (
        <div role="progressbar" aria-label="Memuat halaman" className="fixed inset-x-0 top-20 z-50 h-1 overflow-hidden bg-gold/30">
          <div className="h-full w-1/3 animate-pulse bg-gold" />
        </div>
      )}
      <main id="main-content" tabIndex={-1} className="flex-1 pt-20 outline-none">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  )
}
