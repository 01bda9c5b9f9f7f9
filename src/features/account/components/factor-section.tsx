import { useId, type ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'

/** A Keamanan section for one kind of second step, with its own state: 'Aktif' or 'Tidak aktif'. */
export function FactorSection({ title, active, className, children }: { title: string; active: boolean; className?: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={className ? `space-y-3 ${className}` : 'space-y-3'}>
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
