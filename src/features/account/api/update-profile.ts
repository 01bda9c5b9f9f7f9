import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { PLAIN_NAME_ERROR, isPlainName } from '@/lib/validation/plain-name'
import { PHONE_ERROR, PHONE_PATTERN } from '@/lib/validation/rules'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Profile } from './types'

export type ProfileChanges = Pick<Profile, 'full_name' | 'username' | 'phone_number'> &
  Partial<Pick<Profile, 'avatar_url'>>

const optional = (text: string) => text.trim() || null

export const USERNAME_ERROR = { title: 'Username Wajib Diisi', description: 'Username tidak boleh kosong.' } as const

/**
 * The profile form: the full name is optional, the username (required at registration) cannot be
 * emptied; a phone number, when given, follows SPEC.md's format.
 */
export const profileFormSchema = z
  .object({
    full_name: z.string().refine((name) => name.trim() === '' || isPlainName(name.trim()), PLAIN_NAME_ERROR).transform(optional),
    username: z.string().trim().min(1, USERNAME_ERROR.description),
    // one rule with its own message: a union of "empty" and "a number" says only 'Invalid input'
    phone_number: z.string().trim().refine((text) => text === '' || PHONE_PATTERN.test(text), PHONE_ERROR.description).transform(optional),
  })

export async function updateProfile(userId: string, changes: ProfileChanges): Promise<Profile> {
  const { data, error } = await supabase
    .from('profiles')
    .update({ ...changes, updated_at: new Date().toISOString() })
    .eq('id', userId)
    .select()
    .single()
  if (error) throw error
  return data
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(userId, changes),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profiles.detail(userId), profile)
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.lists() })
    },
  })
}
