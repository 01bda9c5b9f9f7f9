import { CheckCircle2, Eye, Flag, Plane, Shield, Target } from 'lucide-react'
import { helicopters, totalHelicopters } from '@/content/profile'
import { site } from '@/content/site'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useRouteMeta } from '@/lib/use-document-meta'
import { useRenderContext } from '@/lib/render-context'
import type { LoaderArgs } from '@/lib/route-module'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { ImageSlider } from '@/components/ui/image-slider'
import { PageHeader } from '@/components/ui/page-header'
import { Skeleton } from '@/components/ui/skeleton'
import { profileTextsQueryOptions, useProfileTexts } from '@/lib/unit-pages/public-reads'
import { RichHtml } from '@/components/rich-html'
import { unitPhoto } from '@/lib/unit-pages/unit-photo'

function SectionTitle({ id, icon: Icon, children }: { id: string; icon: typeof Shield; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-3 text-2xl font-extrabold text-army sm:text-3xl">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-army text-gold-light">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      {children}
    </h2>
  )
}

function TextPlaceholder() {
  return (
    <div className="mt-6 space-y-3" role="status" aria-label="Memuat teks">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  )
}

export function ProfilePage() {
  useRouteMeta(meta)
  const { storageBase, imageTransforms } = useRenderContext()
  const { data: texts, error } = useProfileTexts()
  useQueryErrorToast(error, 'Gagal memuat profil')
  const history = texts?.sejarah
  const historyImage = unitPhoto(history?.photo_url, '/images/profile/sejarah.webp', {
    sizes: '(min-width: 1024px) 600px, 100vw',
    aspect: 4 / 3,
    maxWidth: 1200,
    baseUrl: storageBase,
    transforms: imageTransforms,
  })

  return (
    <>
      <PageHeader eyebrow={site.parent} title={`Profil ${site.name}`}>
        Mengenal lebih dekat sejarah, tugas, dan kekuatan satuan helikopter serbu TNI Angkatan Darat.
      </PageHeader>

      <div className="mx-auto max-w-7xl space-y-20 px-4 py-14 sm:px-6 lg:px-8">
        <section aria-labelledby="sejarah" className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <SectionTitle id="sejarah" icon={Flag}>
              {history?.title ?? 'Sejarah Singkat'}
            </SectionTitle>
            {history ? <RichHtml html={history.body} className="mt-6 space-y-4 leading-relaxed text-foreground/90" /> : <TextPlaceholder />}
          </div>
          <img
            {...historyImage}
            width={800}
            height={600}
            alt={history?.photo_alt ?? ''}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-xl object-cover shadow-xl"
          />
        </section>

        <section aria-labelledby="visi-misi" className="grid gap-6 lg:grid-cols-2">
          <h2 id="visi-misi" className="sr-only">
            Visi dan Misi
          </h2>
          <div className="rounded-xl bg-army p-8 text-white shadow-lg">
            <h3 className="flex items-center gap-2 text-xl font-bold text-gold-light">
              <Eye className="size-5" aria-hidden="true" />
              Visi
            </h3>
            {texts?.visi ? <RichHtml html={texts.visi.body} className="mt-4 space-y-3 text-lg leading-relaxed" /> : <TextPlaceholder />}
          </div>
          <div className="rounded-xl border border-border bg-card p-8 shadow-sm">
            <h3 className="flex items-center gap-2 text-xl font-bold text-army">
              <Target className="size-5" aria-hidden="true" />
              Misi
            </h3>
            <ol className="mt-4 space-y-3">
              {(texts?.misi?.items ?? []).map((mission, index) => (
                <li key={index} className="flex gap-3">
                  <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-gold text-sm font-bold text-gold-foreground">
                    {index + 1}
                  </span>
                  <div className="leading-relaxed" dangerouslySetInnerHTML={{ __html: mission.html }} />
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="peran-tugas">
          <SectionTitle id="peran-tugas" icon={Shield}>
            {texts?.peran?.title ?? 'Peran dan Tugas Pokok'}
          </SectionTitle>
          {texts?.peran ? (
            <RichHtml html={texts.peran.body} className="mt-6 max-w-3xl space-y-4 leading-relaxed text-foreground/90" />
          ) : (
            <TextPlaceholder />
          )}
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {(texts?.tugas?.items ?? []).map((task, index) => (
              <li key={index} className="flex gap-3 rounded-lg border border-border bg-card p-4 shadow-sm">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-army-light" aria-hidden="true" />
                <div dangerouslySetInnerHTML={{ __html: task.html }} />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="alutsista">
          <SectionTitle id="alutsista" icon={Plane}>
            Alutsista Utama
          </SectionTitle>
          <p className="mt-6 max-w-3xl leading-relaxed text-foreground/90">
            Skadron 31/Serbu mengoperasikan total{' '}
            <strong data-testid="helicopter-total">{totalHelicopters} helikopter</strong>, terdiri dari{' '}
            {helicopters.map((type, index) => (
              <span key={type.name}>
                {index > 0 && ' dan '}
                <strong>
                  {type.name} ({type.count} unit)
                </strong>
              </span>
            ))}
            .
          </p>
          <div className="mt-8 grid gap-8 lg:grid-cols-2">
            {helicopters.map((type) => (
              <article key={type.name} className="overflow-hidden rounded-xl border border-border bg-card shadow-sm">
                <ImageSlider images={type.images} label={type.name} className="p-3 pb-0" />
                <div className="p-6 pt-3">
                  <div className="flex items-baseline justify-between gap-4">
                    <h3 className="text-2xl font-black text-army">{type.name}</h3>
                    <p className="rounded-full bg-gold px-3 py-1 text-sm font-bold text-gold-foreground">{type.count} unit</p>
                  </div>
                  <p className="mt-1 text-sm font-semibold tracking-wide text-army-light uppercase">{type.role}</p>
                  <p className="mt-4 leading-relaxed text-foreground/90">{type.description}</p>
                </div>
              </article>
            ))}
          </div>
        </section>

        <section aria-labelledby="makna-logo" className="rounded-2xl bg-navy px-6 py-10 text-white sm:px-10">
          <h2 id="makna-logo" className="flex items-center gap-4 text-2xl font-extrabold sm:text-3xl">
            <img src="/images/brand/logo-96.png" width={96} height={96} alt="Logo Skadron 31/Serbu" loading="lazy" className="size-14" />
            {texts?.makna_logo?.title ?? 'Makna Logo'}
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="logo-meaning">
            {(texts?.makna_logo?.items ?? []).map((point, index) => (
              <li key={index} className="rounded-lg border border-white/10 bg-white/5 p-5">
                <p className="text-sm font-bold text-gold-light">
                  {index + 1}. {point.title}
                </p>
                <div className="mt-2 text-sm leading-relaxed text-white/85" dangerouslySetInnerHTML={{ __html: point.html }} />
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="penutup" className="mx-auto max-w-3xl text-center">
          <h2 id="penutup" className="text-2xl font-extrabold text-army sm:text-3xl">
            {texts?.penutup?.title ?? 'Penutup'}
          </h2>
          <div className="mx-auto mt-4 h-1 w-16 rounded-full bg-gold" />
          {texts?.penutup ? (
            <RichHtml html={texts.penutup.body} className="mt-6 space-y-4 text-lg leading-relaxed text-foreground/90" />
          ) : (
            <TextPlaceholder />
          )}
        </section>
      </div>
    </>
  )
}

export async function loader({ queryClient, context }: LoaderArgs) {
  await queryClient.prefetchQuery(profileTextsQueryOptions(context.api, context.origin))
}

/** The page's entry in the public page table. */
export const meta = () => publicPage(paths.profile)

export { ProfilePage as Component }
