import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { Field } from '@/components/ui/field'
import { focusFirstInvalid } from '@/components/ui/save-error'
import type { Profile } from '../api/types'
import { profileFormSchema, USERNAME_ERROR, useUpdateProfile } from '../api/update-profile'
import { AvatarUpload } from './avatar-upload'
import { PHONE_ERROR } from '@/lib/validation/rules'
import { fieldErrors } from '@/lib/validation/field-errors'
import { describeError } from '@/lib/error-messages'

const ROLE_LABELS = { superadmin: 'Superadmin', admin: 'Admin', user: 'User' } as const

export function ProfileTab({ profile, email }: { profile: Profile; email: string }) {
  const [values, setValues] = useState({
    full_name: profile.full_name ?? '',
    username: profile.username ?? '',
    phone_number: profile.phone_number ?? '',
  })
  const [errors, setErrors] = useState<{ username?: string; phone_number?: string }>({})
  const update = useUpdateProfile(profile.id)
  const id = useId()
  const set = (field: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = profileFormSchema.safeParse(values)
    if (!parsed.success) {
      const found = fieldErrors(parsed.error)
      setErrors(found)
      const shown = found.username ? USERNAME_ERROR : PHONE_ERROR
      toast.error(shown.title, { description: shown.description })
      focusFirstInvalid(event.currentTarget)
      return
    }
    setErrors({})
    update.mutate(
      { ...parsed.data, avatar_url: profile.avatar_url },
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
          <Field label="Nama Lengkap" id={`${id}-name`}>
            {(control) => <Input {...control} value={values.full_name} onChange={set('full_name')} autoComplete="name" maxLength={200} />}
          </Field>
          <Field label="Username" id={`${id}-username`} error={errors.username}>
            {(control) => <Input {...control} value={values.username} onChange={set('username')} autoComplete="username" maxLength={50} />}
          </Field>
          <Field label="Nomor Handphone" id={`${id}-phone`} error={errors.phone_number}>
            {(control) => (
              <Input {...control} type="tel" value={values.phone_number} onChange={set('phone_number')} placeholder="+62..." autoComplete="tel" />
            )}
          </Field>
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
