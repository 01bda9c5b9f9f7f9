import { Link } from 'react-router'
import { Images } from 'lucide-react'
import { responsiveImage } from '@/lib/images'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useRouteMeta } from '@/lib/use-document-meta'
import { useRenderContext } from '@/lib/render-context'
import type { LoaderArgs } from '@/lib/route-module'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { GALLERY_BUCKET, publicGalleriesQueryOptions, usePublicGalleries, type PublicGallery } from './api/public-galleries'

const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw'

function GalleryCard({ gallery }: { gallery: PublicGallery }) {
  const { storageBase, imageTransforms } = useRenderContext()
  const image = responsiveImage(GALLERY_BUCKET, gallery.cover.path, {
    aspect: 4 / 3, maxWidth: 800, sizes: CARD_SIZES, baseUrl: storageBase, transforms: imageTransforms,
  })
  return (
    <li>
      <Link
        to={paths.gallery(gallery.id)}
        className="group flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow hover:shadow-md"
      >
        <img
          {...image}
          alt={gallery.cover.alt ?? ''}
          width={640}
          height={480}
          loading="lazy"
          className="aspect-[4/3] w-full bg-muted object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
        />
        <div className="flex flex-1 flex-col gap-2 p-5">
          <h2 className="text-lg font-bold break-words text-army group-hover:text-army-light">{gallery.name}</h2>
          {gallery.description && <p className="line-clamp-2 text-sm text-muted-foreground">{gallery.description}</p>}
          <p className="mt-auto flex items-center gap-2 pt-2 text-sm font-semibold text-foreground">
            <Images className="size-4" aria-hidden="true" />
            {gallery.photoCount} foto
          </p>
        </div>
      </Link>
    </li>
  )
}

export function GalleriesPage() {
  useRouteMeta(meta)
  const { data: galleries, isPending, error } = usePublicGalleries()
  useQueryErrorToast(error, 'Gagal memuat galeri')

  return (
    <>
      <PageHeader eyebrow="Dokumentasi Satuan" title="Galeri">
        Foto-foto kegiatan Skadron 31/Serbu: latihan, operasi, upacara, dan bakti sosial.
      </PageHeader>
      <section aria-labelledby="daftar-galeri" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h2 id="daftar-galeri" className="sr-only">
          Daftar galeri
        </h2>
        {isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Memuat galeri">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="aspect-[4/3] w-full rounded-xl" />
            ))}
          </div>
        ) : !galleries || galleries.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-card p-10 text-center text-muted-foreground">
            Belum ada galeri foto untuk ditampilkan.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {galleries.map((gallery) => (
              <GalleryCard key={gallery.id} gallery={gallery} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

export async function loader({ queryClient, context }: LoaderArgs) {
  await queryClient.prefetchQuery(publicGalleriesQueryOptions(context.api))
}

export const meta = () => publicPage(paths.galleries)

export { GalleriesPage as Component }
