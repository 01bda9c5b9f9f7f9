/** The nearest-rank percentile `p` (0-100) of values sorted ascending; NaN for none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs `run` once per item, `connections` at a time, and returns each run's wall time in ms. */
export async function timeEach<T>(items: T[], run: (item: T) => Promise<void>, connections: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (next < items.length) {
      const item = items[next++];
      const started = performance.now();
      await run(item);
      times.push(performance.now() - started);
    }
  }));
  return times;
}
