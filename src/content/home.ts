export type ResponsiveImage = {
  /** Largest file; used as src. */
  src: string
  /** Width descriptors for srcset, smallest first. */
  srcSet?: string
  width: number
  height: number
}

export type CarouselSlide = ResponsiveImage & { alt: string; title: string; subtitle: string }

const hero = (name: string) => ({
  src: `/images/hero/${name}-1600.webp`,
  srcSet: `/images/hero/${name}-800.webp 800w, /images/hero/${name}-1600.webp 1600w`,
  width: 1600,
  height: 900,
})

export const heroSlides: CarouselSlide[] = [
  {
    ...hero('hero-mi35p'),
    alt: 'Helikopter serang MI-35P Skadron 31/Serbu terbang di atas perbukitan',
    title: 'MI-35P HIND',
    subtitle: 'Helikopter Serang Ganas',
  },
  {
    ...hero('hero-mi17'),
    alt: 'Helikopter angkut MI-17 V5 Skadron 31/Serbu saat senja',
    title: 'MI-17 V5 HIEP',
    subtitle: 'Helikopter Angkut Serbaguna',
  },
  {
    ...hero('hero-formasi'),
    alt: 'Formasi helikopter MI-17 V5 dan MI-35P terbang bersama',
    title: 'FORMASI GAGAH',
    subtitle: 'Kekuatan Udara TNI AD',
  },
]

export const HERO_INTERVAL_MS = 5000
export const HOME_HERO_ARTICLES = 3

export type PersitPhoto = ResponsiveImage & { alt: string; caption: string }

export const persitPhotos: PersitPhoto[] = [
  { src: '/images/persit/persit-1.webp', width: 800, height: 600, alt: 'Anggota Persit Kartika Chandra Kirana dalam kegiatan bersama', caption: 'Kegiatan bersama anggota Persit' },
  { src: '/images/persit/persit-2.webp', width: 800, height: 600, alt: 'Anggota Persit dalam kegiatan sosial', caption: 'Bakti sosial untuk masyarakat' },
  { src: '/images/persit/persit-3.webp', width: 800, height: 600, alt: 'Anggota Persit dalam pertemuan rutin', caption: 'Pertemuan rutin ranting' },
  { src: '/images/persit/persit-4.webp', width: 800, height: 600, alt: 'Anggota Persit dalam pelatihan keterampilan', caption: 'Pelatihan keterampilan keluarga' },
  { src: '/images/persit/persit-5.webp', width: 800, height: 600, alt: 'Anggota Persit mendukung kegiatan satuan', caption: 'Dukungan untuk kegiatan satuan' },
]

export const DEFAULT_ARTICLE_COVER = '/images/articles/default-cover.webp'
