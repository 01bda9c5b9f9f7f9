import type { ReactNode } from 'react'

/** The dark band with the page title under the navbar of every inner public page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header data-slot="page-header" className="relative overflow-hidden bg-navy text-white">
      <div className="absolute inset-0 bg-gradient-to-br from-army-dark via-navy to-navy" aria-hidden="true" />
      <div
        className="absolute inset-0 opacity-[0.07] [background-image:repeating-linear-gradient(135deg,#fff_0_1px,transparent_1px_14px)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
        {eyebrow && <p className="text-sm font-bold tracking-widest text-gold-light uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-black tracking-tight sm:text-5xl">{title}</h1>
        <div className="mt-4 h-1 w-16 rounded-full bg-gold" />
        {children && <p className="mt-5 max-w-2xl text-base leading-relaxed text-white/85 sm:text-lg">{children}</p>}
      </div>
    </header>
  )
}
