import { useNavigate } from 'react-router'
import { Bell, LogOut, Settings, Shield, User } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { showNotImplemented } from '@/lib/not-implemented'
import { paths } from '@/lib/paths'
import { useAdminSession } from './session-context'
import { MobileNav } from './mobile-nav'
import { UserAvatar } from './user-avatar'

export function TopBar() {
  const { profile, signOutTo } = useAdminSession()
  const navigate = useNavigate()
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background/95 px-4 backdrop-blur sm:px-6">
      <MobileNav />
      <p className="font-bold text-primary lg:hidden">ADMIN SKD 31</p>
      <div className="ml-auto flex items-center gap-2">
        <Button variant="ghost" size="icon" aria-label="Notifikasi" onClick={() => showNotImplemented('long')}>
          <Bell className="size-5" aria-hidden="true" />
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" className="h-11 gap-2 px-2" aria-label="Menu akun">
              <UserAvatar profile={profile} className="size-8 text-sm" />
              <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">
                {profile.full_name || profile.email}
              </span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-52">
            <DropdownMenuLabel>Akun Saya</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void navigate(paths.admin.myAccountTab('profile'))}>
              <User aria-hidden="true" />
              Profil
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void navigate(paths.admin.myAccountTab('security'))}>
              <Shield aria-hidden="true" />
              Keamanan
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => showNotImplemented('long')}>
              <Settings aria-hidden="true" />
              Pengaturan
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => void signOutTo(paths.home)}>
              <LogOut aria-hidden="true" />
              Keluar
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  )
}
