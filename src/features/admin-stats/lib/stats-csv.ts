import type { VisitorStats } from '../api/get-visitor-stats'

const cell = (value: string | number) => (typeof value === 'number' || !/[",\n;]/.test(value) ? String(value) : `"${value.replace(/"/g, '""')}"`)
const line = (values: (string | number)[]) => values.map(cell).join(',')

/** The page's figures as one CSV file: per day, then the most read articles. */
export function statsCsv(stats: VisitorStats): string {
  return [
    line(['tanggal', 'tayangan', 'pengunjung']),
    ...stats.days.map((d) => line([d.day, d.views, d.visitors])),
    '',
    line(['artikel', 'id', 'tayangan']),
    ...stats.articles.map((a) => line([a.title, a.id, a.views])),
  ].join('\r\n') + '\r\n'
}

export function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
