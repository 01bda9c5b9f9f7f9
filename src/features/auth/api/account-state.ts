import { loadSupabase } from '@/lib/supabase-lazy'
import type { Database } from '@/lib/database.types'

type AccountStatus = Database['public']['Enums']['account_status']

export type AccountState = { status: AccountStatus; reason: string | null }

/** The account's status and the superadmin's reason for a refusal or suspension; throws when unreadable. */
export async function getAccountState(userId: string): Promise<AccountState> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('profiles').select('status, status_reason').eq('id', userId).single()
  if (error) throw error
  return { status: data.status, reason: data.status_reason }
}

const PENDING = 'Akun Anda sedang menunggu persetujuan dari administrator.'

/**
 * Why an account that is not approved cannot sign in: a waiting one keeps SPEC.md's text; a
 * refused and a suspended one are told which, with the superadmin's reason when one was given.
 */
export function refusalOf({ status, reason }: AccountState): { title: string; description: string } | null {
  const because = reason ? ` Alasan: ${reason}` : ''
  switch (status) {
    case 'approved':
      return null
    case 'rejected':
      return { title: 'Akses Ditolak', description: `Pendaftaran akun Anda ditolak oleh administrator.${because}` }
    case 'suspended':
      return {
        title: 'Akses Ditolak',
        description: `Akun Anda dinonaktifkan oleh administrator. Hubungi administrator untuk mengaktifkannya kembali.${because}`,
      }
    default:
      return { title: 'Akses Ditolak', description: PENDING }
  }
}
