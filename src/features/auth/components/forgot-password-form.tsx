import { useState, type FormEvent } from 'react'
import { Send } from 'lucide-react'
import { toast } from '@/lib/toast'
import { SubmitButton } from '@/components/ui/submit-button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { describeError } from '@/lib/error-messages'
import { fieldErrors } from '@/lib/validation/field-errors'
import { recoveryRequestSchema, useRequestPasswordRecovery } from '../api/request-password-recovery'
import { AuthNotice } from './auth-card'

/** 'Lupa password?': asks for the address and sends GoTrue's recovery mail. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string>()
  const [sentTo, setSentTo] = useState<string>()
  const request = useRequestPasswordRecovery()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = recoveryRequestSchema.safeParse({ email: address })
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email)
      return
    }
    setError(undefined)
    request.mutate(parsed.data.email, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (failure) => toast.error('Permintaan Gagal', { description: describeError(failure) }),
    })
  }

  return (
    <>
      {sentTo && (
        <AuthNotice tone="success">
          Jika {sentTo} terdaftar, tautan untuk membuat password baru telah dikirim ke alamat tersebut. Tautan berlaku 60 menit.
        </AuthNotice>
      )}
      <form onSubmit={submit} noValidate className="mt-8 space-y-4">
        <Field label="Email" error={error} id="recovery-email">
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              placeholder="nama@email.com"
            />
          )}
        </Field>
        <SubmitButton size="lg" className="w-full" pending={request.isPending} pendingLabel="Memproses..." icon={Send}>
          Kirim Tautan
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Sudah ingat password?{' '}
        <button type="button" onClick={onBack} className="font-bold text-army underline-offset-4 hover:underline">
          Masuk di sini
        </button>
      </p>
    </>
  )
}
