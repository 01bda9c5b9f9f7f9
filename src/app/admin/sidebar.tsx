import { Link, useLocation } from 'react-router'
import { cn } from '@/lib/utils'
import { paths } from '@/lib/paths'
import { useAdminSession } from './session-context'
import { hasRole } from './roles'
import { adminRoles } from './routes'
import { accountNavItem, mainNavItems, type AdminNavItem } from './nav-items'
import { isActivePath } from './active-path'
import { UserAvatar } from './user-avatar'
import { useUnreadCount } from '@/features/admin-inbox/api/get-unread-count'

const ROLE_LABELS = { superadmin: 'Superadmin', admin: 'Admin', user: 'User' } as const

function NavLink({ item, onNavigate, count }: { item: AdminNavItem; onNavigate?: () => void; count?: number }) {
  const { pathname } = useLocation()
  const active = isActivePath(pathname, item.path)
  const Icon = item.icon
  return (
    <Link
      to={item.path}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-gold/70',
        active ? 'bg-gold text-gold-foreground' : 'text-primary-foreground/85 hover:bg-white/10 hover:text-primary-foreground',
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {item.name}
      {count ? (
        <span
          className={cn(
            'ml-auto min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-bold',
            active ? 'bg-primary text-primary-foreground' : 'bg-gold text-gold-foreground',
          )}
          data-testid="inbox-unread-count"
        >
          {count}
          <span className="sr-only"> belum dibaca</span>
        </span>
      ) : null}
    </Link>
  )
}

/** The admin navigation; `onNavigate` closes the phone drawer after a choice. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { profile } = useAdminSession()
  const items = mainNavItems.filter((item) => hasRole(profile.role, adminRoles(item.path)))
  const unread = useUnreadCount(items.some((item) => item.path === paths.admin.inbox))
  return (
    <div className="flex h-full flex-col gap-6 bg-primary p-4 text-primary-foreground">
      <Link
        to={paths.home}
        onClick={onNavigate}
        className="rounded-md px-2 pt-2 outline-none focus-visible:ring-[3px] focus-visible:ring-gold/70"
      >
        <span className="block text-xs font-semibold tracking-[0.3em] text-gold">ADMIN</span>
        <span className="block text-2xl font-extrabold tracking-wide">SKD 31</span>
      </Link>
      <div className="flex items-center gap-3 rounded-lg bg-white/10 p-3">
        <UserAvatar profile={profile} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{profile.full_name || profile.email}</p>
          <p className="text-xs text-primary-foreground/75">{ROLE_LABELS[profile.role]}</p>
        </div>
      </div>
      <nav aria-label="Navigasi admin" className="flex flex-1 flex-col gap-1">
        {items.map((item) => (
          <NavLink
            key={item.path}
            item={item}
            onNavigate={onNavigate}
            count={item.path === paths.admin.inbox ? unread.data : undefined}
          />
        ))}
        <div className="mt-auto border-t border-white/15 pt-3">
          <NavLink item={accountNavItem} onNavigate={onNavigate} />
        </div>
      </nav>
    </div>
  )
}
