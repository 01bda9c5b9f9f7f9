import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

export type Column<T> = {
  header: string
  /** Classes of the column's cells besides the padding. */
  className?: string
  /** The actions column sits at the right edge. */
  alignEnd?: boolean
  cell: (item: T) => ReactNode
}

const note = 'px-4 py-10 text-center text-sm text-muted-foreground'

/**
 * A list of records for the admin screens: a loading and an empty text, one card per record on
 * phones (instead of a table that scrolls sideways), and a table from the md breakpoint on.
 */
export function ResponsiveTable<T extends { id: string | number }>({
  items,
  isPending,
  loadingText,
  emptyText,
  label,
  columns,
  card,
  cardClassName,
  busy,
}: {
  items: T[] | undefined
  isPending: boolean
  loadingText: string
  emptyText: string
  /** Names the phone list for screen readers. */
  label: string
  columns: Column<T>[]
  card: (item: T) => ReactNode
  cardClassName?: string
  busy?: (item: T) => boolean
}) {
  if (isPending) {
    return (
      <p className={note} role="status">
        {loadingText}
      </p>
    )
  }
  if (!items || items.length === 0) return <p className={note}>{emptyText}</p>
  const ariaBusy = (item: T) => busy?.(item) || undefined
  return (
    <>
      <ul className="divide-y divide-border md:hidden" aria-label={label}>
        {items.map((item) => (
          <li key={item.id} className={cn('grid p-4', cardClassName)} aria-busy={ariaBusy(item)}>
            {card(item)}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={cn('px-4 py-3 font-semibold', column.alignEnd && 'text-right')}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {items.map((item) => (
              <tr key={item.id} aria-busy={ariaBusy(item)}>
                {columns.map((column) => (
                  <td key={column.header} className={cn('px-4 py-3', column.className)}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
