import type { VisitorDay } from '../api/get-visitor-stats'

// Narrow enough that its 12-unit labels stay readable when a 390 px phone scales it down.
const W = 420
const H = 200
const PAD = { top: 12, right: 8, bottom: 28, left: 40 }

export const shortDay = (day: string) => new Date(`${day}T00:00:00`).toLocaleDateString('id-ID', { day: 'numeric', month: 'short' })

/**
 * Views (bars) and visitors (line) per day as plain SVG. The drawing is a picture with a summary
 * for assistive technology; the numbers themselves are in the table the page puts beside it.
 */
export function VisitorsChart({ days, summaryId }: { days: VisitorDay[]; summaryId: string }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.views, d.visitors)))
  const plotW = W - PAD.left - PAD.right
  const plotH = H - PAD.top - PAD.bottom
  const step = plotW / Math.max(1, days.length)
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH
  const x = (i: number) => PAD.left + step * i + step / 2
  const labelEvery = Math.ceil(days.length / 5)
  const ticks = [0, Math.round(max / 2), max]
  const line = days.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(d.visitors).toFixed(1)}`).join(' ')

  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto max-h-80 w-full" role="img" aria-labelledby={summaryId}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-border" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="fill-muted-foreground text-[12px]">
              {t.toLocaleString('id-ID')}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={x(i) - Math.max(1, step * 0.35)}
            width={Math.max(2, step * 0.7)}
            y={y(d.views)}
            height={PAD.top + plotH - y(d.views)}
            className="fill-primary/35"
          />
        ))}
        <path d={line} fill="none" className="stroke-primary" strokeWidth={2} strokeLinejoin="round" />
        {days.length <= 31 && days.map((d, i) => <circle key={d.day} cx={x(i)} cy={y(d.visitors)} r={2.5} className="fill-primary" />)}
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d.day} x={x(i)} y={H - 8} textAnchor="middle" className="fill-muted-foreground text-[12px]">
              {shortDay(d.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5"><span className="inline-block size-3 rounded-sm bg-primary/35" aria-hidden="true" />Tayangan</span>
        <span className="flex items-center gap-1.5"><span className="inline-block h-0.5 w-4 bg-primary" aria-hidden="true" />Pengunjung</span>
      </figcaption>
    </figure>
  )
}
