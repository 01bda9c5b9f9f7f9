import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Link, NavLink } from 'react-router'
import { LayoutDashboard, LogIn, Menu, X } from 'lucide-react'
import { mainNavigation } from '@/content/navigation'
import { site } from '@/content/site'
import { paths } from '@/lib/paths'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'
import { useAuth } from '@/features/auth'
import { BrandMark } from './brand-mark'
import { useLatestLocationKey } from '../router/browser-router'

const subscribeNever = () => () => {}

export function Navbar() {
  const auth = useAuth()
  // during the sign-in's code step the account is not in yet: no 'Dashboard' to offer
  const isSignedIn = auth.isSignedIn && !auth.secondStepPending
  const locationKey = useLatestLocationKey()
  const [openAt, setOpenAt] = useState<string | null>(null)
  // The menu belongs to the page it was opened on: any navigation closes it.
  const open = openAt === locationKey
  const close = () => setOpenAt(null)
  const toggle = useRef<HTMLElement>(null)
  const details = useRef<HTMLDetailsElement>(null)
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false)

  useEffect(() => {
    // Opened from the server's HTML before the app ran: the app takes over that state.
    if (details.current?.open) setOpenAt(locationKey)
    // Once, when the app starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!open) return
    // Escape closes the menu and gives focus back to the button that opened it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenAt(null)
      toggle.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <header className="fixed inset-x-0 top-0 z-50 h-20 border-b border-white/10 bg-navy/95 text-white shadow-lg backdrop-blur supports-[backdrop-filter]:bg-navy/85">
      <nav aria-label="Navigasi utama" className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="flex min-w-0 items-center gap-3 rounded-md" onClick={close}>
          <BrandMark className="size-11 shrink-0" />
          <span className="min-w-0 leading-tight">
            <span className="block truncate text-base font-extrabold tracking-wide text-white sm:text-lg">{site.name}</span>
            <span className="block truncate text-xs font-medium tracking-wider text-gold-light uppercase">{site.parentShort}</span>
          </span>
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {mainNavigation.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                end={item.path === paths.home}
                className={({ isActive }) =>
                  cn(
                    'relative inline-flex h-20 items-center px-3 text-sm font-semibold tracking-wide transition-colors hover:text-gold-light',
                    'after:absolute after:inset-x-3 after:bottom-5 after:h-0.5 after:origin-left after:rounded-full after:bg-gold after:transition-transform',
                    isActive ? 'text-gold-light after:scale-x-100' : 'text-white/90 after:scale-x-0',
                  )
                }
              >
                {item.name}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-2">
          {isSignedIn ? (
            <>
              <Button asChild variant="gold" className="max-lg:hidden">
                <Link to={paths.admin.dashboard}>
                  <LayoutDashboard aria-hidden="true" />
                  Dashboard
                </Link>
              </Button>
              <Button asChild variant="gold" size="icon" className="lg:hidden">
                <Link to={paths.admin.dashboard} aria-label="Dashboard" onClick={close}>
                  <LayoutDashboard aria-hidden="true" />
                </Link>
              </Button>
            </>
          ) : (
            <Button asChild variant="gold" className="max-lg:hidden">
              <Link to={paths.login}>
                <LogIn aria-hidden="true" />
                Login
              </Link>
            </Button>
          )}
          {/*
            A native <details>: the menu opens from the server's HTML before (or without) the app's
            JavaScript; once the app runs it owns the open state (closes on navigation, Escape).
          */}
          <details
            ref={details}
            open={open}
            onToggle={(event) => {
              const nowOpen = event.currentTarget.open
              if (nowOpen !== open) setOpenAt(nowOpen ? locationKey : null)
            }}
            className="group lg:hidden"
          >
            <summary
              ref={toggle}
              // Chromium exposes a summary as a disclosure button, other engines do not all: said once.
              role="button"
              aria-controls="mobile-menu"
              aria-expanded={hydrated ? open : undefined}
              className="inline-flex size-9 cursor-pointer list-none items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none [&::-webkit-details-marker]:hidden"
            >
              {/* The name follows the state through CSS alone, so it is right before the app runs. */}
              <span className="group-open:hidden">
                <Menu className="size-6" aria-hidden="true" />
                <span className="sr-only">Buka menu</span>
              </span>
              <span className="hidden group-open:inline">
                <X className="size-6" aria-hidden="true" />
                <span className="sr-only">Tutup menu</span>
              </span>
            </summary>
            <nav id="mobile-menu" aria-label="Menu seluler" className="absolute inset-x-0 top-full border-t border-white/10 bg-navy shadow-xl">
              <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:px-6">
                {mainNavigation.map((item) => (
                  <li key={item.path}>
                    <NavLink
                      to={item.path}
                      end={item.path === paths.home}
                      onClick={close}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center rounded-md border-l-4 px-3 py-3 text-base font-semibold transition-colors hover:bg-white/5',
                          isActive ? 'border-gold bg-white/5 text-gold-light underline decoration-gold decoration-2 underline-offset-8' : 'border-transparent text-white/90',
                        )
                      }
                    >
                      {item.name}
                    </NavLink>
                  </li>
                ))}
                {!isSignedIn && (
                  <li className="pt-2">
                    <Button asChild variant="gold" size="lg" className="w-full">
                      <Link to={paths.login} onClick={close}>
                        <LogIn aria-hidden="true" />
                        Login
                      </Link>
                    </Button>
                  </li>
                )}
              </ul>
            </nav>
          </details>
        </div>
      </nav>
    </header>
  )
}
