import { responsiveImage } from '@/lib/images'
import { GALLERY_BUCKET } from '../api/gallery-photos'
import type { Gallery } from '../api/get-galleries'
// a file, not inlined as a data: URI: the pages' CSP allows no data: pictures
import stockImage from '../assets/gallery-stock.svg?no-inline'

/** The gallery's first photo, or SPEC.md's stock image while it has none. */
export function GalleryCover({ gallery }: { gallery: Gallery }) {
  const className = 'aspect-video w-full object-cover'
  if (!gallery.cover) return <img src={stockImage} alt="" width={640} height={360} className={className} loading="lazy" />
  const image = responsiveImage(GALLERY_BUCKET, gallery.cover.path, {
    aspect: 16 / 9,
    maxWidth: 800,
    sizes: '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw',
  })
  return <img {...image} alt={gallery.cover.alt ?? ''} width={640} height={360} className={className} loading="lazy" />
}
