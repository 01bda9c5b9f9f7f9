import { useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import type { Profile } from '@/features/account/api/types'

type Props = { profile: Profile | null | undefined; className?: string }

/** The picture, else the first letter of the full name on a gold circle, else a skeleton. */
export function UserAvatar({ profile, className }: Props) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const size = cn('size-10 shrink-0 rounded-full', className)
  if (!profile) return <Skeleton className={size} aria-hidden="true" />
  const name = profile.full_name?.trim() || profile.email || ''
  if (profile.avatar_url && failedUrl !== profile.avatar_url) {
    return (
      <img
        src={profile.avatar_url}
        alt={`Foto profil ${name}`.trim()}
        className={cn(size, 'object-cover')}
        onError={() => setFailedUrl(profile.avatar_url)}
      />
    )
  }
  return (
    <span
      className={cn(size, 'flex items-center justify-center bg-gold font-bold text-gold-foreground uppercase')}
      aria-hidden="true"
    >
      {name.charAt(0) || '?'}
    </span>
  )
}
