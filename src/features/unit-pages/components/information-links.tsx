import { Link } from 'react-router'
import { paths } from '@/lib/paths'

const links = [
  { path: paths.privacy, name: 'Kebijakan Privasi' },
  { path: paths.accessibility, name: 'Pernyataan Aksesibilitas' },
  { path: paths.publicInformation, name: 'Informasi Publik (PPID)' },
] as const

/** The public-information pages, in the footer under its columns. */
export function InformationLinks() {
  return (
    <nav aria-label="Informasi publik" className="mb-3">
      <ul className="flex flex-wrap justify-center gap-x-6 gap-y-1 text-sm">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path} className="inline-block py-1.5 text-white/90 underline-offset-4 hover:text-gold-light hover:underline">
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
