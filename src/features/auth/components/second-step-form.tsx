import { useEffect, useRef, useState, type FormEvent } from 'react'
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { securityKeySupported } from '@/lib/security-key'
import { Button } from '@/components/ui/button'
import { CodeField } from '@/components/ui/code-field'
import { completeCode } from '@/lib/second-step-code'
import { focusAfterRender, refocusIfLost } from '@/components/ui/focus-after'
import { secondStepPrompt, useSecondStepMethods, verifySecondStep, verifyWithSecurityKey } from '../api/second-step'

/**
 * The second step after the password: one field the phone can fill from the authenticator
 * ('one-time-code') and 'Verifikasi' when the account has the app, 'Gunakan Kunci Keamanan' for
 * each security key it has, and 'Batal' to sign out.
 */
export function SecondStepForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const methods = useSecondStepMethods()
  // until the factors are known (and if they cannot be read) the code field is what is offered
  const askCode = methods.data?.code ?? true
  const keys = securityKeySupported() ? methods.data?.securityKeys ?? [] : []
  const form = useRef<HTMLFormElement>(null)
  const keyButton = (id: string | undefined) => form.current?.querySelector<HTMLElement>(`[data-factor="${id}"]`)

  // An account with security keys only has no code field to take focus: its first key does.
  const firstKey = askCode ? undefined : keys[0]?.id
  useEffect(() => {
    if (firstKey) focusAfterRender(() => keyButton(firstKey))
  }, [firstKey])

  /** `retry` is what takes focus back after a refusal: every button was disabled meanwhile. */
  const attempt = async (proof: () => Promise<void>, retry: () => HTMLElement | null | undefined) => {
    if (busy) return
    setBusy(true)
    try {
      await proof()
      setError(undefined)
      onVerified()
    } catch (failure) {
      const message = describeError(failure)
      setError(message)
      setCode('')
      toast.error('Verifikasi Gagal', { description: message })
      refocusIfLost(retry)
    } finally {
      setBusy(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = completeCode(code, setError)
    if (value === null) return
    void attempt(() => verifySecondStep(value), () => document.getElementById('second-step-code'))
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-8 space-y-4">
      {askCode && (
        <>
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
        </>
      )}
      {!askCode && error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {keys.map((key) => (
        <Button key={key.id} type="button" variant={askCode ? 'outline' : 'default'} size="lg" className="w-full" disabled={busy}
          data-factor={key.id} onClick={() => void attempt(() => verifyWithSecurityKey(key.id), () => keyButton(key.id))}>
          <KeyRound aria-hidden="true" />
          {keys.length > 1 ? `Gunakan ${key.name}` : 'Gunakan Kunci Keamanan'}
        </Button>
      ))}
      <Button type="button" variant="outline" size="lg" className="w-full" disabled={busy} onClick={onCancel}>
        Batal
      </Button>
    </form>
  )
}

/** The second-step screen's subtitle: what to use, by what the account has (the form's query, shared). */
export function SecondStepPrompt() {
  return <>{secondStepPrompt(useSecondStepMethods().data)}</>
}

/**
 * The second-step screen's icon, by what the form offers: the phone for a code only, a key for
 * security keys only, a shield when both are offered.
 */
export function SecondStepIcon() {
  const methods = useSecondStepMethods().data
  const askCode = methods?.code ?? true
  const keys = securityKeySupported() && (methods?.securityKeys.length ?? 0) > 0
  const Icon = keys ? (askCode ? ShieldCheck : KeyRound) : Smartphone
  return <Icon className="size-7" aria-hidden="true" data-testid={`second-step-icon-${keys ? (askCode ? 'both' : 'key') : 'code'}`} />
}
