import { Clock, ExternalLink, Mail, MapPin, Navigation, Phone, ShieldAlert, Siren } from 'lucide-react'
import { site } from '@/content/site'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useRouteMeta } from '@/lib/use-document-meta'
import { PageHeader } from '@/components/ui/page-header'
import { ContactForm } from './contact-form'

export const MAP_HALF_SIZE_DEGREES = 0.005

export function mapEmbedUrl({ lat, lng }: { lat: number; lng: number }) {
  const d = MAP_HALF_SIZE_DEGREES
  const bbox = [lng - d, lat - d, lng + d, lat + d].map((value) => value.toFixed(6)).join(',')
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${lat}%2C${lng}`
}

const { contact } = site

const infoCards = [
  { icon: MapPin, title: 'Alamat', body: contact.address, href: undefined },
  { icon: Phone, title: 'Telepon', body: contact.phone, href: contact.phoneHref },
  { icon: Mail, title: 'Email', body: contact.email, href: `mailto:${contact.email}` },
  { icon: Clock, title: 'Jam Operasional', body: contact.hours, href: undefined },
]

export function ContactPage() {
  useRouteMeta(meta)
  const { lat, lng } = contact.coordinates
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`

  return (
    <>
      <PageHeader eyebrow="Hubungi Kami" title="Kontak">
        Sampaikan pertanyaan, saran, atau informasi kepada Skadron 31/Serbu melalui kanal resmi berikut.
      </PageHeader>

      <div className="mx-auto max-w-7xl space-y-12 px-4 py-14 sm:px-6 lg:px-8">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="contact-info">
          {infoCards.map(({ icon: Icon, title, body, href }) => (
            <li key={title} className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-sm lg:flex-col lg:gap-3">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-army text-gold-light">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <h2 className="font-bold text-army">{title}</h2>
                {href ? (
                  <a href={href} className="mt-1 block text-sm [overflow-wrap:anywhere] text-foreground/90 hover:text-army hover:underline">
                    {body}
                  </a>
                ) : (
                  <p className="mt-1 text-sm text-foreground/90">{body}</p>
                )}
              </div>
            </li>
          ))}
        </ul>

        <div className="grid gap-8 lg:grid-cols-5">
          <section aria-labelledby="form-heading" className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8 lg:col-span-3">
            <h2 id="form-heading" className="text-2xl font-extrabold text-army">
              Kirim Pesan
            </h2>
            <p className="mt-2 mb-6 text-sm text-muted-foreground">Kami akan membalas pesan Anda pada jam operasional.</p>
            <ContactForm />
          </section>

          <div className="space-y-6 lg:col-span-2">
            <section aria-labelledby="map-heading" className="overflow-hidden rounded-xl border border-border bg-card shadow-sm">
              <h2 id="map-heading" className="px-5 pt-5 text-lg font-bold text-army">
                Lokasi Markas
              </h2>
              <iframe
                title="Peta lokasi markas Skadron 31/Serbu"
                src={mapEmbedUrl(contact.coordinates)}
                width={600}
                height={320}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="mt-4 h-72 w-full border-0"
              />
              <div className="space-y-3 p-5">
                <a
                  href={directions}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 rounded-md bg-army px-4 py-2.5 text-sm font-semibold text-white hover:bg-army-light"
                >
                  <Navigation className="size-4" aria-hidden="true" />
                  Petunjuk Arah
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(tab baru)</span>
                </a>
                <p className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
                  <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  Kunjungan ke markas memerlukan izin khusus. Silakan hubungi kami terlebih dahulu sebelum berkunjung.
                </p>
              </div>
            </section>

            <section aria-labelledby="emergency-heading" className="rounded-xl bg-destructive p-6 text-white shadow-sm">
              <h2 id="emergency-heading" className="flex items-center gap-2 text-lg font-bold">
                <Siren className="size-5" aria-hidden="true" />
                Layanan Darurat 24/7
              </h2>
              <p className="mt-2 text-sm text-white/90">Untuk keadaan darurat dan permintaan bantuan SAR, hubungi kami kapan saja.</p>
              <a href={contact.emergencyPhoneHref} className="mt-3 inline-block text-2xl font-black tracking-wide underline-offset-4 hover:underline">
                {contact.emergencyPhone}
              </a>
            </section>
          </div>
        </div>
      </div>
    </>
  )
}

/** The page's entry in the public page table. */
export const meta = () => publicPage(paths.contact)

export { ContactPage as Component }
