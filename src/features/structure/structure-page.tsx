import { Clock, Plane, User, Users, Wrench } from 'lucide-react'
import { site } from '@/content/site'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useRouteMeta } from '@/lib/use-document-meta'
import { useRenderContext } from '@/lib/render-context'
import type { LoaderArgs } from '@/lib/route-module'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { structureQueryOptions, useStructure, type UnitPost, type UnitPostKind } from '@/lib/unit-pages/public-reads'
import { unitPhoto } from '@/lib/unit-pages/unit-photo'

const PORTRAIT = { aspect: 4 / 5, maxWidth: 320 }
const PLACEHOLDER_PORTRAIT = '/images/structure/komandan-placeholder.webp'

/** "Pasi Intel: (Nama Perwira)", or the post alone while nobody holds it. */
const officerLine = (post: UnitPost) => [post.officer_title ?? post.name, post.officer_name ?? 'Belum ditetapkan'].join(': ')

/**
 * A portrait's alt names the person shown; the placeholder silhouette shows nobody, so it is
 * decorative (the name is in the text beside it).
 */
const portraitAlt = (photoUrl: string | null, person: string | null | undefined) => (photoUrl && person ? `Foto ${person}` : '')

function LeaderCard({ post }: { post: UnitPost }) {
  const { storageBase, imageTransforms } = useRenderContext()
  const photo = unitPhoto(post.photo_url, PLACEHOLDER_PORTRAIT, { ...PORTRAIT, sizes: '104px', baseUrl: storageBase, transforms: imageTransforms })
  const holder = post.officer_name
  return (
    <div className="flex w-full max-w-xs flex-col items-center rounded-xl border-t-4 border-gold bg-card p-6 text-center shadow-md">
      <img
        {...photo}
        width={240}
        height={300}
        alt={portraitAlt(post.photo_url, holder && `${[post.officer_rank, holder].filter(Boolean).join(' ')}, ${post.name}`)}
        loading="lazy"
        decoding="async"
        className="h-32 w-26 rounded-lg object-cover"
      />
      <p className="mt-4 text-xs font-bold tracking-widest text-army-light uppercase">{post.name}</p>
      {holder ? (
        <>
          <p className="mt-1 text-lg font-bold">{holder}</p>
          {post.officer_rank && <p className="text-sm text-muted-foreground">{post.officer_rank}</p>}
        </>
      ) : (
        <p className="mt-1 text-lg font-bold text-muted-foreground">Belum ditetapkan</p>
      )}
    </div>
  )
}

function FlightCard({ flight, icon: Icon }: { flight: UnitPost; icon: typeof Plane }) {
  return (
    <article className="rounded-xl border border-border bg-card shadow-sm">
      <header className="flex items-center gap-3 rounded-t-xl bg-army px-5 py-4 text-white">
        <Icon className="size-5 text-gold-light" aria-hidden="true" />
        <div>
          <h3 className="font-bold">{flight.name}</h3>
          <p className="text-xs text-white/80">{officerLine(flight)}</p>
        </div>
      </header>
      <ul className="divide-y divide-border px-5 py-2">
        {flight.sections.map((section) => (
          <li key={section} className="py-2.5 text-sm">
            {section}
          </li>
        ))}
      </ul>
    </article>
  )
}

function Loading() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Memuat struktur">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-32 w-full rounded-xl" />
      ))}
    </div>
  )
}

export function StructurePage() {
  useRouteMeta(meta)
  const { storageBase, imageTransforms } = useRenderContext()
  const { data, error } = useStructure()
  useQueryErrorToast(error, 'Gagal memuat struktur organisasi')
  const of = (kind: UnitPostKind) => data?.posts.filter((post) => post.kind === kind) ?? []
  const headquarters = of('kompi_markas')

  return (
    <>
      <PageHeader eyebrow={site.name} title="Struktur Organisasi">
        Susunan pimpinan, staf, dan satuan pelaksana yang menggerakkan operasi Skadron 31/Serbu.
      </PageHeader>

      <div className="mx-auto max-w-7xl space-y-16 px-4 py-14 sm:px-6 lg:px-8">
        <section aria-labelledby="pimpinan">
          <h2 id="pimpinan" className="text-center text-2xl font-extrabold text-army sm:text-3xl">
            Pimpinan Satuan
          </h2>
          <div className="mt-8 flex flex-col items-center gap-6 sm:flex-row sm:justify-center">
            {data ? of('pimpinan').map((post) => <LeaderCard key={post.id} post={post} />) : <Loading />}
          </div>
        </section>

        <section aria-labelledby="staf">
          <h2 id="staf" className="flex items-center gap-2 text-2xl font-extrabold text-army">
            <Users className="size-6" aria-hidden="true" />
            Staf
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {of('staf').map((section) => (
              <li key={section.id} className="rounded-lg border-l-4 border-army bg-card p-4 shadow-sm">
                <p className="font-bold">{section.name}</p>
                <p className="mt-1 text-sm text-muted-foreground">{officerLine(section)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="flight-operasional">
          <h2 id="flight-operasional" className="flex items-center gap-2 text-2xl font-extrabold text-army">
            <Plane className="size-6" aria-hidden="true" />
            Flight Operasional
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {of('flight_operasional').map((flight) => (
              <FlightCard key={flight.id} flight={flight} icon={Plane} />
            ))}
          </div>
        </section>

        <section aria-labelledby="flight-pemeliharaan" className="grid gap-6 lg:grid-cols-2">
          <div>
            <h2 id="flight-pemeliharaan" className="flex items-center gap-2 text-2xl font-extrabold text-army">
              <Wrench className="size-6" aria-hidden="true" />
              Flight Pemeliharaan
            </h2>
            <div className="mt-6 space-y-6">
              {of('flight_pemeliharaan').map((flight) => (
                <FlightCard key={flight.id} flight={flight} icon={Wrench} />
              ))}
            </div>
          </div>
          {headquarters.map((company) => (
            <div key={company.id}>
              <h2 className="flex items-center gap-2 text-2xl font-extrabold text-army">
                <User className="size-6" aria-hidden="true" />
                {company.name}
              </h2>
              <div className="mt-6 rounded-xl border border-dashed border-army/40 bg-card p-8 text-center">
                <p className="font-bold">{company.name}</p>
                {company.officer_name && <p className="mt-1 text-sm text-muted-foreground">{officerLine(company)}</p>}
                {company.note && (
                  <p className="mt-2 inline-block rounded-full bg-gold px-3 py-1 text-xs font-bold text-gold-foreground">{company.note}</p>
                )}
              </div>
            </div>
          ))}
        </section>

        <section aria-labelledby="komandan-masa-ke-masa">
          <h2 id="komandan-masa-ke-masa" className="flex items-center gap-2 text-2xl font-extrabold text-army">
            <Clock className="size-6" aria-hidden="true" />
            Komandan dari Masa ke Masa
          </h2>
          <ol className="relative mt-8 space-y-6 border-l-2 border-gold pl-6 sm:pl-8" data-testid="commander-timeline">
            {data?.commanders.map((commander) => (
              <li key={commander.id} className="relative">
                <span className="absolute top-6 -left-[2.05rem] flex size-4 items-center justify-center rounded-full border-2 border-gold bg-navy sm:-left-[2.55rem]" />
                <div className="flex items-center gap-4 rounded-lg bg-card p-4 shadow-sm">
                  <img
                    {...unitPhoto(commander.photo_url, PLACEHOLDER_PORTRAIT, { ...PORTRAIT, sizes: '64px', baseUrl: storageBase, transforms: imageTransforms })}
                    width={240}
                    height={300}
                    alt={portraitAlt(commander.photo_url, [commander.rank, commander.name].filter(Boolean).join(' '))}
                    loading="lazy"
                    decoding="async"
                    className="h-20 w-16 shrink-0 rounded-md object-cover"
                  />
                  <div>
                    <p className="text-xs font-bold tracking-widest text-army-light uppercase">Komandan ke-{commander.ordinal}</p>
                    <p className="font-bold">{commander.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {commander.rank} · {commander.period}
                    </p>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  )
}

export async function loader({ queryClient, context }: LoaderArgs) {
  await queryClient.prefetchQuery(structureQueryOptions(context.api))
}

/** The page's entry in the public page table. */
export const meta = () => publicPage(paths.structure)

export { StructurePage as Component }
