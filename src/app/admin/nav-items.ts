import { FileText, History, Images, Inbox, Landmark, LayoutDashboard, UserCircle, Users, type LucideIcon } from 'lucide-react'
import { paths } from '@/lib/paths'
import type { AppRole } from '@/features/account/api/types'

export type AdminNavItem = { name: string; path: string; icon: LucideIcon; roles?: readonly AppRole[] }

export const CONTENT_ROLES = ['admin', 'superadmin'] as const satisfies readonly AppRole[]
export const USER_ADMIN_ROLES = ['superadmin'] as const satisfies readonly AppRole[]

export const mainNavItems: readonly AdminNavItem[] = [
  { name: 'Dashboard', path: paths.admin.dashboard, icon: LayoutDashboard },
  { name: 'Manajemen Pengguna', path: paths.admin.users, icon: Users, roles: USER_ADMIN_ROLES },
  { name: 'Manajemen Konten', path: paths.admin.content, icon: FileText, roles: CONTENT_ROLES },
  { name: 'Manajemen Galeri', path: paths.admin.gallery, icon: Images, roles: CONTENT_ROLES },
  { name: 'Halaman Satuan', path: paths.admin.unitPages, icon: Landmark, roles: CONTENT_ROLES },
  { name: 'Pesan Masuk', path: paths.admin.inbox, icon: Inbox, roles: CONTENT_ROLES },
  { name: 'Riwayat Aktivitas', path: paths.admin.auditLog, icon: History, roles: USER_ADMIN_ROLES },
]

export const accountNavItem: AdminNavItem = { name: 'Akun Saya', path: paths.admin.myAccount, icon: UserCircle }
