import { paths } from '@/lib/paths'

export type NavItem = { name: string; path: string }

export const mainNavigation: NavItem[] = [
  { name: 'Beranda', path: paths.home },
  { name: 'Profil', path: paths.profile },
  { name: 'Struktur Organisasi', path: paths.structure },
  { name: 'Kegiatan', path: paths.activities },
  // not in SPEC.md's list: without it the photo galleries were reachable from no menu (issue 33)
  { name: 'Galeri', path: paths.galleries },
  { name: 'Kontak', path: paths.contact },
]

export const footerNavigation: NavItem[] = [...mainNavigation, { name: 'Login', path: paths.login }]
