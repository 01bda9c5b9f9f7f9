import { useState, type FormEvent } from 'react'
import { ShieldCheck } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { Button } from '@/components/ui/button'
import { CodeField } from '@/components/ui/code-field'
import { completeCode } from '@/lib/second-step-code'
import { verifySecondStep } from '../api/second-step'

/**
 * The code step after the password, for an account with two-step verification: one field the
 * phone can fill from the authenticator ('one-time-code'), 'Verifikasi', and 'Batal' to sign out.
 */
export function SecondStepForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const value = completeCode(code, setError)
    if (value === null) return
    setBusy(true)
    try {
      await verifySecondStep(value)
      setError(undefined)
      onVerified()
    } catch (failure) {
      const message = describeError(failure)
      setError(message)
      setCode('')
      toast.error('Verifikasi Gagal', { description: message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-8 space-y-4">
      <CodeField
        id="second-step-code"
        label="Kode Verifikasi"
        value={code}
        onChange={setCode}
        error={error}
        autoFocus
        className="text-center text-lg tracking-[0.4em]"
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <ShieldCheck aria-hidden="true" />
        {busy ? 'Memproses...' : 'Verifikasi'}
      </Button>
      <Button type="button" variant="outline" size="lg" className="w-full" disabled={busy} onClick={onCancel}>
        Batal
      </Button>
    </form>
  )
}
