import type { ReactNode } from 'react'

/** The /login backdrop and card: every form of the screen (sign-in, sign-up, recovery) sits in it. */
export function AuthCard({ icon, title, subtitle, children }: { icon: ReactNode; title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <section className="relative flex min-h-[calc(100svh-5rem)] items-center justify-center overflow-hidden bg-navy px-4 py-12">
      <img
        src="/images/hero/hero-formasi-1600.webp"
        srcSet="/images/hero/hero-formasi-800.webp 800w, /images/hero/hero-formasi-1600.webp 1600w"
        sizes="100vw"
        width={1600}
        height={900}
        alt=""
        className="absolute inset-0 size-full object-cover opacity-30"
      />
      <div className="absolute inset-0 bg-gradient-to-b from-navy/60 to-army-dark/90" aria-hidden="true" />

      <div className="relative w-full max-w-md rounded-2xl border-t-4 border-gold bg-card p-6 shadow-2xl sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-army text-gold-light">{icon}</span>
          <h1 className="mt-4 text-2xl font-black text-army">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
        </div>
        {children}
      </div>
    </section>
  )
}

/** A message the screen keeps in view (a link's outcome, a sent request), unlike a toast. */
export function AuthNotice({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const colours = tone === 'success' ? 'border-army/30 bg-army/10 text-army-dark' : 'border-destructive/30 bg-destructive/10 text-destructive'
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`mt-6 rounded-md border px-4 py-3 text-sm font-medium ${colours}`}>
      {children}
    </p>
  )
}
