/** SPEC's compact figure for the dashboard: 950, 1.2k, 12k, 3.4M (one decimal below ten). */
export function compactCount(n: number): string {
  const scaled = (value: number, unit: string) => `${value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value)}${unit}`
  if (n < 1000) return String(n)
  if (n < 1_000_000) return scaled(n / 1000, 'k')
  return scaled(n / 1_000_000, 'M')
}
