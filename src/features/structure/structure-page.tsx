import { Clock, Plane, User, Users, Wrench } from 'lucide-react'
import {
  commandLeadership,
  headquartersCompany,
  operationalFlights,
  pastCommanders,
  serviceFlight,
  staffSections,
  type Flight,
  type Officer,
} from '@/content/structure'
import { site } from '@/content/site'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useRouteMeta } from '@/lib/use-document-meta'
import { PageHeader } from '@/components/ui/page-header'

function LeaderCard({ title, officer }: { title: string; officer: Officer | null }) {
  return (
    <div className="flex w-full max-w-xs flex-col items-center rounded-xl border-t-4 border-gold bg-card p-6 text-center shadow-md">
      <img
        src="/images/structure/komandan-placeholder.webp"
        width={240}
        height={300}
        alt={officer ? `Foto ${officer.position}` : `Foto ${title} belum tersedia`}
        loading="lazy"
        decoding="async"
        className="h-32 w-26 rounded-lg object-cover"
      />
      <p className="mt-4 text-xs font-bold tracking-widest text-army-light uppercase">{title}</p>
      {officer ? (
        <>
          <p className="mt-1 text-lg font-bold">{officer.name}</p>
          {officer.rank && <p className="text-sm text-muted-foreground">{officer.rank}</p>}
        </>
      ) : (
        <p className="mt-1 text-lg font-bold text-muted-foreground">Belum ditetapkan</p>
      )}
    </div>
  )
}

function FlightCard({ flight, icon: Icon }: { flight: Flight; icon: typeof Plane }) {
  return (
    <article className="rounded-xl border border-border bg-card shadow-sm">
      <header className="flex items-center gap-3 rounded-t-xl bg-army px-5 py-4 text-white">
        <Icon className="size-5 text-gold-light" aria-hidden="true" />
        <div>
          <h3 className="font-bold">{flight.name}</h3>
          <p className="text-xs text-white/80">
            {flight.commander.position}: {flight.commander.name}
          </p>
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

export function StructurePage() {
  useRouteMeta(meta)

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
            <LeaderCard title="Komandan Skadron" officer={commandLeadership.commander} />
            <LeaderCard title={commandLeadership.deputy.position} officer={commandLeadership.deputy} />
          </div>
        </section>

        <section aria-labelledby="staf">
          <h2 id="staf" className="flex items-center gap-2 text-2xl font-extrabold text-army">
            <Users className="size-6" aria-hidden="true" />
            Staf
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {staffSections.map((section) => (
              <li key={section.name} className="rounded-lg border-l-4 border-army bg-card p-4 shadow-sm">
                <p className="font-bold">{section.name}</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {section.officer.position}: {section.officer.name}
                </p>
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
            {operationalFlights.map((flight) => (
              <FlightCard key={flight.name} flight={flight} icon={Plane} />
            ))}
          </div>
        </section>

        <section aria-labelledby="flight-pemeliharaan" className="grid gap-6 lg:grid-cols-2">
          <div>
            <h2 id="flight-pemeliharaan" className="flex items-center gap-2 text-2xl font-extrabold text-army">
              <Wrench className="size-6" aria-hidden="true" />
              Flight Pemeliharaan
            </h2>
            <div className="mt-6">
              <FlightCard flight={serviceFlight} icon={Wrench} />
            </div>
          </div>
          <div>
            <h2 className="flex items-center gap-2 text-2xl font-extrabold text-army">
              <User className="size-6" aria-hidden="true" />
              {headquartersCompany.name}
            </h2>
            <div className="mt-6 rounded-xl border border-dashed border-army/40 bg-card p-8 text-center">
              <p className="font-bold">{headquartersCompany.name}</p>
              <p className="mt-2 inline-block rounded-full bg-gold px-3 py-1 text-xs font-bold text-gold-foreground">
                {headquartersCompany.note}
              </p>
            </div>
          </div>
        </section>

        <section aria-labelledby="komandan-masa-ke-masa">
          <h2 id="komandan-masa-ke-masa" className="flex items-center gap-2 text-2xl font-extrabold text-army">
            <Clock className="size-6" aria-hidden="true" />
            Komandan dari Masa ke Masa
          </h2>
          <ol className="relative mt-8 space-y-6 border-l-2 border-gold pl-6 sm:pl-8" data-testid="commander-timeline">
            {pastCommanders.map((commander) => (
              <li key={commander.order} className="relative">
                <span className="absolute top-6 -left-[2.05rem] flex size-4 items-center justify-center rounded-full border-2 border-gold bg-navy sm:-left-[2.55rem]" />
                <div className="flex items-center gap-4 rounded-lg bg-card p-4 shadow-sm">
                  <img
                    src={commander.image}
                    width={240}
                    height={300}
                    alt={`Foto ${commander.name}`}
                    loading="lazy"
                    decoding="async"
                    className="h-20 w-16 shrink-0 rounded-md object-cover"
                  />
                  <div>
                    <p className="text-xs font-bold tracking-widest text-army-light uppercase">Komandan ke-{commander.order}</p>
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

/** The page's entry in the public page table. */
export const meta = () => publicPage(paths.structure)

export { StructurePage as Component }
