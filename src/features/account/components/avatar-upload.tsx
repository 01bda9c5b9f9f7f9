import { useId, type ChangeEvent } from 'react'
import { Camera } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import type { Profile } from '../api/types'
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, useUploadAvatar } from '../api/upload-avatar'
import { describeError } from '@/lib/error-messages'
import { isImageFile } from '@/lib/picked-files'

const ACCEPTED_TYPES = AVATAR_ACCEPT.split(',')

export function AvatarUpload({ profile }: { profile: Profile }) {
  const upload = useUploadAvatar(profile)
  const inputId = useId()
  const name = profile.full_name?.trim() || profile.email || ''

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (file.size >= AVATAR_MAX_BYTES) {
      toast.error('Ukuran File Terlalu Besar', { description: 'Ukuran file foto profil tidak boleh melebihi 5MB.' })
      return
    }
    if (!ACCEPTED_TYPES.includes(file.type)) {
      toast.error('Gagal Mengunggah Avatar', { description: 'Foto profil harus berupa file PNG atau JPEG.' })
      return
    }
    // a file named .png is judged by its first bytes, with its own message, not the server's refusal
    if (!(await isImageFile(file))) {
      toast.error('Gagal Mengunggah Avatar', { description: `${file.name} bukan gambar PNG atau JPEG yang sah. Pilih foto lain.` })
      return
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Profil Berhasil Diperbarui!', { description: 'Foto profil Anda telah diganti.' }),
      onError: (error) => toast.error('Gagal Mengunggah Avatar', { description: describeError(error) }),
    })
  }

  return (
    <div className="relative size-28 shrink-0">
      {profile.avatar_url ? (
        <img
          src={profile.avatar_url}
          alt={`Foto profil ${name}`}
          className="size-28 rounded-full border-4 border-background object-cover shadow"
        />
      ) : (
        <span
          className="flex size-28 items-center justify-center rounded-full border-4 border-background bg-gold text-4xl font-bold text-gold-foreground uppercase shadow"
          aria-hidden="true"
        >
          {name.charAt(0) || '?'}
        </span>
      )}
      {upload.isPending && (
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/50">
          <Spinner className="text-white" label="Mengunggah foto profil" />
        </span>
      )}
      <input
        id={inputId}
        type="file"
        accept={AVATAR_ACCEPT}
        className="peer sr-only"
        onChange={(event) => void pick(event)}
        disabled={upload.isPending}
      />
      <label
        htmlFor={inputId}
        title="Unggah foto profil"
        className={cn(
          'absolute right-0 bottom-0 flex size-10 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow ring-offset-2 transition-colors hover:bg-primary/90',
          'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        )}
      >
        <Camera className="size-5" aria-hidden="true" />
        <span className="sr-only">Unggah foto profil</span>
      </label>
    </div>
  )
}
