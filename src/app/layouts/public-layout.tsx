import { Outlet, ScrollRestoration, useNavigation, type Location } from 'react-router'
import { Navbar } from './navbar'
import { Footer } from './footer'

// Every document load starts at history key "default", so the key alone would hand a freshly
// loaded page the scroll position saved for whatever page the previous document showed.
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname + location.search : location.key)

export function PublicLayout() {
  const navigation = useNavigation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-gold px-4 py-2 font-semibold text-gold-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Langsung ke konten utama
      </a>
      <Navbar />
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label="Memuat halaman" className="fixed inset-x-0 top-20 z-50 h-1 overflow-hidden bg-gold/30">
          <div className="h-full w-1/3 animate-pulse bg-gold" />
        </div>
      )}
      <main id="main-content" tabIndex={-1} className="flex-1 pt-20 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  )
}
