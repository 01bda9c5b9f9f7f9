import { Link } from 'react-router'
import { Camera, MapPin, Phone, Mail, PlaySquare } from 'lucide-react'
import { footerNavigation } from '@/content/navigation'
import { site } from '@/content/site'
import { InformationLinks } from '@/features/unit-pages/components/information-links'
import { BrandMark } from './brand-mark'

const socialLinks = [
  { link: site.social.instagram, Icon: Camera },
  { link: site.social.youtube, Icon: PlaySquare },
]

export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer className="border-t-4 border-gold bg-navy text-white/85">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <section aria-labelledby="footer-brand">
          <div className="flex items-center gap-3">
            <BrandMark className="size-12" />
            <h2 id="footer-brand" className="text-lg font-extrabold text-white">
              {site.name}
            </h2>
          </div>
          <p className="mt-4 text-sm leading-relaxed">{site.footerBlurb}</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
              <span>{site.contact.address}</span>
            </li>
            <li className="flex gap-2">
              <Phone className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
              <a href={site.contact.phoneHref} className="hover:text-gold-light">
                {site.contact.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
              <a href={`mailto:${site.contact.email}`} className="break-all hover:text-gold-light">
                {site.contact.email}
              </a>
            </li>
          </ul>
        </section>

        <nav aria-labelledby="footer-nav">
          <h2 id="footer-nav" className="text-sm font-bold tracking-widest text-gold-light uppercase">
            Navigasi
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm md:grid-cols-1">
            {footerNavigation.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className="inline-block py-1.5 hover:text-gold-light">
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="text-sm font-bold tracking-widest text-gold-light uppercase">
            Ikuti Kami
          </h2>
          <p className="mt-4 text-sm">Dokumentasi kegiatan satuan di media sosial resmi kami.</p>
          <ul className="mt-4 flex gap-3">
            {socialLinks.map(({ link, Icon }) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${link.label} (tab baru)`}
                  className="inline-flex size-11 items-center justify-center rounded-full border border-white/20 text-white transition-colors hover:border-gold hover:bg-gold hover:text-gold-foreground"
                >
                  <Icon className="size-5" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-6 text-center text-xs text-white/75 sm:px-6 lg:px-8">
          <InformationLinks />
          <p>
            &copy; {year} {site.name}. {site.parent}. Hak cipta dilindungi undang-undang.
          </p>
          <p>{site.designCredit}</p>
        </div>
      </div>
    </footer>
  )
}
