import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { updateProfile } from './update-profile'
import type { Profile } from './types'

export const AVATAR_BUCKET = 'avatars'
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_ACCEPT = 'image/png,image/jpeg'

const EXTENSION_BY_TYPE: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' }

export function avatarExtension(file: File): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase()
  return fromName ?? EXTENSION_BY_TYPE[file.type] ?? 'png'
}

/** The object name inside the bucket is the last path segment of its public URL. */
export function avatarObjectName(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const segment = new URL(url, window.location.origin).pathname.split('/').pop()
    return segment ? decodeURIComponent(segment) : null
  } catch {
    return null
  }
}

export async function uploadAvatar(profile: Profile, file: File): Promise<Profile> {
  const timestamp = Date.now()
  const name = `${profile.id}-${timestamp}.${avatarExtension(file)}`
  const { error: uploadError } = await supabase.storage
    .from(AVATAR_BUCKET)
    .upload(name, file, { upsert: true, contentType: file.type || undefined })
  if (uploadError) throw uploadError

  const { data } = supabase.storage.from(AVATAR_BUCKET).getPublicUrl(name)
  const updated = await updateProfile(profile.id, {
    full_name: profile.full_name,
    username: profile.username,
    phone_number: profile.phone_number,
    avatar_url: `${data.publicUrl}?t=${timestamp}`,
  })

  // The old file goes only after the new one is stored and saved, so a refused upload
  // never leaves the profile pointing at a deleted picture.
  const oldName = avatarObjectName(profile.avatar_url)
  if (oldName && oldName !== name) {
    const { error: removeError } = await supabase.storage.from(AVATAR_BUCKET).remove([oldName])
    if (removeError) console.warn('Old avatar could not be removed:', removeError.message)
  }
  return updated
}

export function useUploadAvatar(profile: Profile) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(profile, file),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.profiles.detail(profile.id), updated)
    },
  })
}
