import { useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'

export type AppRole = Database['public']['Enums']['app_role']
export type AccountStatus = Database['public']['Enums']['account_status']

// An update or delete that row-level security filtered out returns no error, only zero rows;
// asking for the ids back turns that silence into a visible failure.
export const NO_ROWS_MESSAGE = 'Pengguna tidak ditemukan atau Anda tidak memiliki izin.'

export function assertTouched(rows: unknown[] | null) {
  if (!rows || rows.length === 0) throw new Error(NO_ROWS_MESSAGE)
}

export function useInvalidateUsers() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.profiles.lists() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
    ])
}
