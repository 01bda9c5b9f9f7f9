import { BarChart3, FileArchive, FileText, History, Images, Inbox, Landmark, LayoutDashboard, ShieldCheck, UserCircle, Users, type LucideIcon } from 'lucide-react'
import { paths } from '@/lib/paths'

/** An admin page in the sidebar; who may open it is the route table's (src/app/admin/routes.tsx). */
export type AdminNavItem = { name: string; path: string; icon: LucideIcon }

export const mainNavItems: readonly AdminNavItem[] = [
  { name: 'Dashboard', path: paths.admin.dashboard, icon: LayoutDashboard },
  { name: 'Manajemen Pengguna', path: paths.admin.users, icon: Users },
  { name: 'Manajemen Konten', path: paths.admin.content, icon: FileText },
  { name: 'Statistik Pengunjung', path: paths.admin.stats, icon: BarChart3 },
  { name: 'Manajemen Galeri', path: paths.admin.gallery, icon: Images },
  { name: 'Halaman Satuan', path: paths.admin.unitPages, icon: Landmark },
  { name: 'Dokumen Publik', path: paths.admin.documents, icon: FileArchive },
  { name: 'Pesan Masuk', path: paths.admin.inbox, icon: Inbox },
  { name: 'Riwayat Aktivitas', path: paths.admin.auditLog, icon: History },
  { name: 'Integritas Situs', path: paths.admin.integrity, icon: ShieldCheck },
]

export const accountNavItem: AdminNavItem = { name: 'Akun Saya', path: paths.admin.myAccount, icon: UserCircle }
