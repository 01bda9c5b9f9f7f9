/** Parts of a whole as labelled bars with their counts and percentages (sources, devices). */
export function ShareBars({ title, parts }: { title: string; parts: { label: string; value: number }[] }) {
  const total = parts.reduce((sum, p) => sum + p.value, 0)
  return (
    <section className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-3 space-y-3">
        {parts.map((p) => {
          const percent = total ? Math.round((p.value / total) * 100) : 0
          return (
            <li key={p.label} className="text-sm">
              <div className="flex justify-between gap-2">
                <span>{p.label}</span>
                <span className="tabular-nums text-muted-foreground">
                  {p.value.toLocaleString('id-ID')} ({percent}%)
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-muted" aria-hidden="true">
                <div className="h-2 rounded-full bg-primary" style={{ width: `${percent}%` }} />
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
