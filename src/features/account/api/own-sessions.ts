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

/** One other session ends (its tokens stop working at once); the list is read again. */
export function useEndSession(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (sessionId: string) => {
      const { error } = await supabase.rpc('end_own_session', { target_session: sessionId })
      if (error) throw error
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.security.all, 'sessions', userId] }),
  })
}

/**
 * "Chrome 131 di Android" from a user agent: the version tells apart two browsers of one kind
 * (with the sign-in time beside it, enough to recognise one's own devices).
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Perangkat tidak dikenal'
  const name = browserName(userAgent)
  const version = name && new RegExp(`${VERSION_TOKEN[name]}/(\\d+)`).exec(userAgent)?.[1]
  const browser = name ? `${name}${version ? ` ${version}` : ''}` : /node|undici/i.test(userAgent) ? 'Aplikasi' : 'Peramban'
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

type Browser = 'Edge' | 'Firefox' | 'Chrome' | 'Safari'
const VERSION_TOKEN: Record<Browser, string> = { Edge: 'Edg', Firefox: 'Firefox', Chrome: 'Chrom(?:e|ium)', Safari: 'Version' }

function browserName(userAgent: string): Browser | null {
  return /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null
}
