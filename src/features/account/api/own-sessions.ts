import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'

export type OwnSession = Database['public']['Functions']['own_sessions']['Returns'][number]

export async function getOwnSessions(): Promise<OwnSession[]> {
  const { data, error } = await supabase.rpc('own_sessions')
  if (error) throw error
  return data ?? []
}

export function useOwnSessions(userId: string) {
  return useQuery({ queryKey: [...queryKeys.security.all, 'sessions', userId], queryFn: getOwnSessions })
}

/** 'Keluar dari perangkat lain': every session of the account but this one ends. */
export function useSignOutOthers(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.auth.signOut({ scope: 'others' })
      if (error) throw error
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.security.all, 'sessions', userId] }),
  })
}

/** "Chrome di Android" from a user agent; enough to recognise one's own devices. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Perangkat tidak dikenal'
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : /node|undici/i.test(userAgent)
            ? 'Aplikasi'
            : 'Peramban'
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null
  return system ? `${browser} di ${system}` : browser
}
