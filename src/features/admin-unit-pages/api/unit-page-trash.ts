import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/** Posts and past commanders deleted in the last 30 days, newest deletion first (staff only). */
export async function getUnitPageTrash() {
  const { data, error } = await supabase
    .from('unit_page_trash')
    .select('id, table_name, label, deleted_at, deleted_by_name')
    .order('deleted_at', { ascending: false })
  if (error) throw error
  // a view's columns are nullable in the generated types; the trash always has an id and a time
  return data.map((row) => ({ ...row, id: row.id as string, deleted_at: row.deleted_at as string }))
}
export type TrashedUnitRow = Awaited<ReturnType<typeof getUnitPageTrash>>[number]

export const useUnitPageTrash = () => useQuery({ queryKey: queryKeys.unitPages.trash(), queryFn: getUnitPageTrash })

/** Brings a post or a commander back with its id and photo; /struktur shows it again. */
export function useRestoreUnitRow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.rpc('restore_unit_row', { target: id })
      if (error) throw error
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.unitPages.all }),
  })
}
