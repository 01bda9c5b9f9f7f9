import { useId, type ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { FOCUS_REGION, useFocusOnChange } from '@/components/ui/focus-after'

/** A Keamanan section for one kind of second step, with its own state: 'Aktif' or 'Tidak aktif'. */
export function FactorSection({ title, active, className, children }: { title: string; active: boolean; className?: string; children: ReactNode }) {
  const headingId = useId()
  // Turning it on or off swaps the form that had focus for another: the section, with its new
  // state, takes focus instead of the page body.
  const section = useFocusOnChange<HTMLElement>(String(active))
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={`space-y-3 ${FOCUS_REGION} ${className ?? ''}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        {active ? <Badge variant="success">Aktif</Badge> : <Badge variant="secondary">Tidak aktif</Badge>}
      </div>
      {children}
    </section>
  )
}
