// The public pages in one table: the router's paths, each page's <title> and description (its
// route module's meta) and the sitemap read it. Relative imports only: the server imports this
// file too.
import { totalHelicopters } from '../content/profile'
import { site } from '../content/site'
import { paths } from './paths'

export type PageMeta = {
  /** Shown as "<title> | <site name>"; null gives the site's own title (home). */
  title: string | null
  description: string
}

export type PublicPage = PageMeta & {
  path: string
  /** Listed in sitemap.xml. */
  indexed: boolean
}

export const publicPages = [
  { path: paths.home, title: null, description: site.description, indexed: true },
  {
    path: paths.profile,
    title: 'Profil',
    description: `Sejarah, visi dan misi, peran dan tugas pokok, serta alutsista ${site.name}: ${totalHelicopters} helikopter MI-17 V5 dan MI-35P.`,
    indexed: true,
  },
  {
    path: paths.structure,
    title: 'Struktur Organisasi',
    description: `Struktur organisasi ${site.name}: pimpinan, staf, flight operasional, flight pemeliharaan, dan daftar komandan dari masa ke masa.`,
    indexed: true,
  },
  {
    path: paths.activities,
    title: 'Berita & Kegiatan',
    description: `Berita dan dokumentasi kegiatan terbaru ${site.name}: latihan, operasi, dan bakti sosial.`,
    indexed: true,
  },
  {
    path: paths.galleries,
    title: 'Galeri',
    description: `Galeri foto kegiatan ${site.name}: latihan, operasi, upacara, dan bakti sosial.`,
    indexed: true,
  },
  {
    path: paths.contact,
    title: 'Kontak',
    description: `Hubungi ${site.name}: alamat, telepon, email, jam operasional, dan formulir pesan.`,
    indexed: true,
  },
  {
    path: paths.privacy,
    title: 'Kebijakan Privasi',
    description: `Cara ${site.name} mengumpulkan, menggunakan, menyimpan, dan melindungi data pribadi pengunjung situs sesuai UU Nomor 27 Tahun 2022.`,
    indexed: true,
  },
  {
    path: paths.accessibility,
    title: 'Pernyataan Aksesibilitas',
    description: `Komitmen ${site.name} agar situsnya dapat digunakan semua orang, termasuk penyandang disabilitas, dengan acuan WCAG 2.1 tingkat AA.`,
    indexed: true,
  },
  {
    path: paths.publicInformation,
    title: 'Informasi Publik (PPID)',
    description: `Layanan informasi publik ${site.name} sesuai UU Nomor 14 Tahun 2008: jenis informasi, cara mengajukan permohonan, dan keberatan.`,
    indexed: true,
  },
  {
    path: paths.login,
    title: 'Login',
    description: `Masuk ke portal personel ${site.name} atau daftarkan akun baru.`,
    indexed: false,
  },
] as const satisfies readonly PublicPage[]

export type PublicPath = (typeof publicPages)[number]['path']

/** The entry of a path the router knows; a typo is a type error. */
export function publicPage(path: PublicPath): PublicPage {
  return publicPages.find((page) => page.path === path)!
}

export const notFoundPage: PageMeta = { title: 'Halaman tidak ditemukan', description: site.description }

/** Open Graph / Twitter card size. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const

/** The share image of a page without its own. */
export const DEFAULT_SHARE_IMAGE = '/images/articles/default-og.jpg'

/** Meta description length of an article page (SPEC: first 160 characters of the content). */
export const META_DESCRIPTION_LENGTH = 160

export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} | ${site.name}` : `${site.name} | Penerbangan Angkatan Darat`
}
