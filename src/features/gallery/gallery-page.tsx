import { useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { responsiveImage, transformedUrl } from '@/lib/images'
import { paths } from '@/lib/paths'
import { useRouteMeta } from '@/lib/use-document-meta'
import { useRenderContext } from '@/lib/render-context'
import type { LoaderArgs, RouteArgs, RouteMeta } from '@/lib/route-module'
import { SHARE_IMAGE } from '@/lib/pages'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { PageHeader } from '@/components/ui/page-header'
import { Spinner } from '@/components/ui/spinner'
import { GALLERY_BUCKET, publicGalleryQueryOptions, usePublicGallery, type GalleryWithPhotos, type PublicPhoto } from './api/public-galleries'
import { Lightbox } from './components/lightbox'

// two columns on phones: a 390 px screen takes 480 px renditions, so 24 photos stay well under 1.5 MB
const GRID_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, 50vw'

function BackLink() {
  return (
    <Link to={paths.galleries} className="inline-flex items-center gap-2 rounded-sm text-sm font-bold text-army hover:text-army-light">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Kembali ke Galeri
    </Link>
  )
}

export function GalleryPage() {
  const { id = '' } = useParams()
  const { data: gallery, isPending, error } = usePublicGallery(id)
  const [open, setOpen] = useState<number | null>(null)
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([])
  useQueryErrorToast(error, 'Gagal memuat galeri')
  const { storageBase, imageTransforms } = useRenderContext()
  useRouteMeta(meta, isPending ? undefined : (gallery ?? null))

  if (isPending) {
    return (
      <div className="flex min-h-[calc(100svh-5rem)] items-center justify-center">
        <Spinner className="size-10" label="Memuat galeri..." />
      </div>
    )
  }
  if (!gallery) {
    return (
      <div className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold text-army">Galeri tidak ditemukan</h1>
        <p className="text-muted-foreground">Galeri yang Anda cari tidak ada atau sudah dihapus.</p>
        <BackLink />
      </div>
    )
  }

  const altOf = (photo: PublicPhoto, index: number) => photo.alt || photo.caption || `${gallery.name}, foto ${index + 1}`

  return (
    <>
      <PageHeader eyebrow="Galeri" title={gallery.name}>
        {gallery.description}
      </PageHeader>
      <section aria-label={`Foto ${gallery.name}`} className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <BackLink />
        {gallery.photos.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed border-border bg-card p-10 text-center text-muted-foreground">
            Belum ada foto di galeri ini.
          </p>
        ) : (
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            {gallery.photos.map((photo, index) => (
              <li key={photo.id}>
                <figure className="overflow-hidden rounded-xl border border-border bg-card">
                  <button
                    type="button"
                    ref={(element) => {
                      thumbnails.current[index] = element
                    }}
                    onClick={() => setOpen(index)}
                    className="block w-full focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
                    aria-label={`Perbesar foto ${index + 1}: ${altOf(photo, index)}`}
                  >
                    <img
                      {...responsiveImage(GALLERY_BUCKET, photo.path, {
                        aspect: 4 / 3, maxWidth: 800, sizes: GRID_SIZES, baseUrl: storageBase, transforms: imageTransforms,
                      })}
                      alt={altOf(photo, index)}
                      width={640}
                      height={480}
                      loading={index < 3 ? 'eager' : 'lazy'}
                      className="aspect-[4/3] w-full bg-muted object-cover"
                    />
                  </button>
                  {photo.caption && <figcaption className="p-2 text-xs text-muted-foreground sm:p-3 sm:text-sm">{photo.caption}</figcaption>}
                </figure>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Lightbox
        photos={gallery.photos}
        index={open}
        altOf={altOf}
        onIndexChange={setOpen}
        onClosed={(index) => thumbnails.current[index]?.focus()}
      />
    </>
  )
}

/** The gallery, or null when there is none to show this visitor. */
export async function loader({ queryClient, params, context }: LoaderArgs): Promise<GalleryWithPhotos | null> {
  return queryClient.fetchQuery(publicGalleryQueryOptions(context.api, params.id ?? ''))
}

export function meta(gallery: GalleryWithPhotos | null | undefined, { context }: RouteArgs): RouteMeta {
  if (gallery === undefined) return { title: null }
  if (!gallery) return { title: 'Galeri tidak ditemukan', status: 404 }
  const cover = gallery.photos[0]
  return {
    title: gallery.name,
    description: gallery.description || `Galeri foto ${gallery.name}.`,
    canonical: paths.gallery(gallery.id),
    // The page's own image URL: the render's storage origin, and the original where there are no renditions.
    image: cover
      ? transformedUrl(GALLERY_BUCKET, cover.path, { ...SHARE_IMAGE, resize: 'cover' }, context.storageBase, context.imageTransforms)
      : null,
  }
}

export { GalleryPage as Component }
