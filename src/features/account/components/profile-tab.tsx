import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import type { Profile } from '../api/types'
import { useUpdateProfile } from '../api/update-profile'
import { AvatarUpload } from './avatar-upload'
import { PHONE_ERROR, PHONE_PATTERN } from './validation'
import { describeError } from '@/lib/error-messages'

const ROLE_LABELS = { superadmin: 'Superadmin', admin: 'Admin', user: 'User' } as const

export function ProfileTab({ profile, email }: { profile: Profile; email: string }) {
  const [fullName, setFullName] = useState(profile.full_name ?? '')
  const [username, setUsername] = useState(profile.username ?? '')
  const [phone, setPhone] = useState(profile.phone_number ?? '')
  const [phoneInvalid, setPhoneInvalid] = useState(false)
  const update = useUpdateProfile(profile.id)
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const phoneNumber = phone.trim()
    if (phoneNumber && !PHONE_PATTERN.test(phoneNumber)) {
      setPhoneInvalid(true)
      toast.error(PHONE_ERROR.title, { description: PHONE_ERROR.description })
      return
    }
    setPhoneInvalid(false)
    update.mutate(
      {
        full_name: fullName.trim() || null,
        username: username.trim() || null,
        phone_number: phoneNumber || null,
        avatar_url: profile.avatar_url,
      },
      {
        onSuccess: () => toast.success('Profil Berhasil Diperbarui!'),
        onError: (error) => toast.error('Gagal Memperbarui Profil', { description: describeError(error) }),
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Informasi Diri</h2>
        </CardTitle>
        <CardDescription>Perbarui foto dan data diri Anda.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <div className="flex flex-col items-center gap-4 sm:flex-row">
          <AvatarUpload profile={profile} />
          <div className="min-w-0 text-center sm:text-left">
            <p className="text-xl font-bold break-words">{profile.full_name || 'Tanpa Nama'}</p>
            <Badge variant="gold" className="mt-1">
              {ROLE_LABELS[profile.role]}
            </Badge>
            <p className="mt-1 text-sm break-all text-muted-foreground">{email}</p>
          </div>
        </div>
        <form onSubmit={submit} className="grid gap-4 sm:max-w-xl" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Nama Lengkap</Label>
            <Input
              id={`${id}-name`}
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
              autoComplete="name"
              maxLength={200}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-username`}>Username</Label>
            <Input
              id={`${id}-username`}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoComplete="username"
              maxLength={50}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-phone`}>Nomor Handphone</Label>
            <Input
              id={`${id}-phone`}
              type="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              placeholder="+62..."
              autoComplete="tel"
              aria-invalid={phoneInvalid || undefined}
              aria-describedby={phoneInvalid ? `${id}-phone-error` : undefined}
            />
            {phoneInvalid && (
              <p id={`${id}-phone-error`} className="text-sm text-destructive">
                {PHONE_ERROR.description}
              </p>
            )}
          </div>
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Menyimpan...' : 'Simpan Perubahan'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
