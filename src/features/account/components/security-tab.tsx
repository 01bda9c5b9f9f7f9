import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Field } from '@/components/ui/field'
import { fieldErrors } from '@/lib/validation/field-errors'
import { PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from '@/lib/validation/rules'
import { changePasswordSchema, useUpdatePassword } from '../api/update-password'
import { describeError } from '@/lib/error-messages'
import { KeepPasskeysBox } from '@/components/keep-passkeys-box'
import { usePasskeys } from '../api/passkeys'
import { ActiveSessionsCard } from './active-sessions-card'
import { SecondStepCard } from './second-step-card'
import { PasskeysCard } from './passkeys-card'

type Errors = Partial<Record<'password' | 'confirmation', string>>
const TITLES: Record<string, string> = {
  [PASSWORD_MISMATCH.description]: PASSWORD_MISMATCH.title,
  [PASSWORD_TOO_SHORT.description]: PASSWORD_TOO_SHORT.title,
}

export function SecurityTab({ userId, onPasswordChanged }: { userId: string; onPasswordChanged: () => void }) {
  const [values, setValues] = useState({ password: '', confirmation: '' })
  const [errors, setErrors] = useState<Errors>({})
  const update = useUpdatePassword()
  // unchecked by default, as on the recovery screen
  const [keepPasskeys, setKeepPasskeys] = useState(false)
  const hasPasskeys = (usePasskeys(userId).data?.length ?? 0) > 0
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = changePasswordSchema.safeParse(values)
    if (!parsed.success) {
      const found = fieldErrors(parsed.error)
      setErrors(found)
      const message = found.confirmation ?? found.password ?? ''
      toast.error(TITLES[message] ?? PASSWORD_TOO_SHORT.title, { description: message })
      return
    }
    setErrors({})
    const removesPasskeys = hasPasskeys && !keepPasskeys
    update.mutate({ password: parsed.data.password, keepPasskeys: hasPasskeys && keepPasskeys }, {
      onSuccess: () => {
        toast.success('Password Berhasil Diperbarui!', {
          description: removesPasskeys
            ? 'Semua passkey akun Anda telah dihapus. Silakan login kembali dengan password baru Anda.'
            : 'Silakan login kembali dengan password baru Anda.',
        })
        onPasswordChanged()
      },
      onError: (error) => toast.error('Gagal Memperbarui Password', { description: describeError(error) }),
    })
  }

  const field = (name: keyof typeof values, label: string) => (
    <Field label={label} id={`${id}-${name}`} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          type="password"
          value={values[name]}
          onChange={(e) => setValues((current) => ({ ...current, [name]: e.target.value }))}
          autoComplete="new-password"
        />
      )}
    </Field>
  )

  return (
    <div className="space-y-6">
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Ubah Password</h2>
        </CardTitle>
        <CardDescription>Setelah password diganti, Anda perlu login kembali.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:max-w-md" noValidate>
          {field('password', 'Password Baru')}
          {field('confirmation', 'Konfirmasi Password Baru')}
          {hasPasskeys && <KeepPasskeysBox checked={keepPasskeys} onChange={setKeepPasskeys} />}
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Memproses...' : 'Perbarui Password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
    <SecondStepCard userId={userId} />
    <PasskeysCard userId={userId} />
    <ActiveSessionsCard userId={userId} />
    </div>
  )
}
