import { useState, type FormEvent } from 'react'
import { KeyRound } from 'lucide-react'
import { toast } from '@/lib/toast'
import { SubmitButton } from '@/components/ui/submit-button'
import { Field } from '@/components/ui/field'
import { KeepPasskeysBox } from '@/components/keep-passkeys-box'
import { describeError } from '@/lib/error-messages'
import { fieldErrors } from '@/lib/validation/field-errors'
import { PASSWORD_MISMATCH, PASSWORD_TOO_SHORT } from '@/lib/validation/rules'
import { setNewPasswordSchema, useRecoveryHasPasskeys, useSetNewPassword } from '../api/set-new-password'
import { PasswordInput } from '../password-input'

type Errors = Partial<Record<'password' | 'confirmation', string>>
const TITLES: Record<string, string> = {
  [PASSWORD_MISMATCH.description]: PASSWORD_MISMATCH.title,
  [PASSWORD_TOO_SHORT.description]: PASSWORD_TOO_SHORT.title,
}

/** 'Atur Password Baru', opened by the mailed recovery link (its session is the one signed in). */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState({ password: '', confirmation: '' })
  const [errors, setErrors] = useState<Errors>({})
  // unchecked by default: a passkey someone else planted goes with the recovery unless kept
  const [keepPasskeys, setKeepPasskeys] = useState(false)
  const hasPasskeys = useRecoveryHasPasskeys().data === true
  const save = useSetNewPassword()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = setNewPasswordSchema.safeParse(values)
    if (!parsed.success) {
      const found = fieldErrors(parsed.error)
      setErrors(found)
      const message = found.confirmation ?? found.password ?? ''
      toast.error(TITLES[message] ?? 'Form Tidak Lengkap', { description: message })
      return
    }
    setErrors({})
    save.mutate({ password: parsed.data.password, keepPasskeys: hasPasskeys && keepPasskeys }, {
      onSuccess: () => {
        toast.success('Password Berhasil Diperbarui!', { description: 'Silakan login kembali dengan password baru Anda.' })
        onDone()
      },
      onError: (failure) => toast.error('Gagal Memperbarui Password', { description: describeError(failure) }),
    })
  }

  const field = (name: keyof typeof values, label: string, id: string) => (
    <Field label={label} error={errors[name]} id={id}>
      {(control) => (
        <PasswordInput
          {...control}
          name={name}
          autoComplete="new-password"
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          placeholder="••••••••"
        />
      )}
    </Field>
  )

  return (
    <form onSubmit={submit} noValidate className="mt-8 space-y-4">
      {field('password', 'Password Baru', 'new-password')}
      {field('confirmation', 'Konfirmasi Password Baru', 'new-password-confirmation')}
      <p className="text-sm text-muted-foreground">Minimal 6 karakter. Setelah disimpan, semua sesi lain akun Anda dikeluarkan.</p>
      {hasPasskeys && <KeepPasskeysBox checked={keepPasskeys} onChange={setKeepPasskeys} />}
      <SubmitButton size="lg" className="w-full" pending={save.isPending} pendingLabel="Memproses..." icon={KeyRound}>
        Simpan Password
      </SubmitButton>
    </form>
  )
}
