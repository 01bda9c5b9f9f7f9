import { useState, type FormEvent } from 'react'
import { KeyRound, LogIn, ShieldCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { CodeField } from '@/components/ui/code-field'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { describeError } from '@/lib/error-messages'
import { completeCode } from '@/lib/second-step-code'
import { securityKeySupported } from '@/lib/security-key'
import type { SessionHold } from '@/lib/session-hold'

type Props = {
  open: boolean
  /** The account that was signed in: only it may continue this editor's work. */
  session: Pick<SessionHold, 'email' | 'signInAgain' | 'confirmCode' | 'secondStepMethods' | 'confirmWithKey'>
  /** The password was right and a code is still owed: the dialog must stay open through it. */
  onPasswordAccepted: () => void
  onSignedIn: () => void
  /** Leaves the editor; what was typed stays in this browser and is offered back. */
  onGiveUp: () => void
}

export const SIGN_IN_AGAIN_TITLE = 'Sesi Berakhir'

/**
 * Asked over the editor when its session has expired: the password of the same account, then the
 * code when the account has two-step verification. The editor and its text stay underneath.
 */
export function SignInAgainDialog({ open, session, onPasswordAccepted, onSignedIn, onGiveUp }: Props) {
  const [step, setStep] = useState<'password' | 'code'>('password')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [methods, setMethods] = useState<Awaited<ReturnType<SessionHold['secondStepMethods']>>>()
  // until the account's second steps are known (or if they cannot be read) the code is asked
  const askCode = methods?.code ?? true
  const keys = securityKeySupported() ? methods?.securityKeys ?? [] : []

  const finish = () => {
    setStep('password')
    setPassword('')
    setCode('')
    setError(undefined)
    onSignedIn()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    let typedCode: string | null = null
    if (step === 'password' && !password) {
      setError('Masukkan password Anda.')
      return
    }
    if (step === 'code') {
      typedCode = completeCode(code, setError)
      if (typedCode === null) return
    }
    setBusy(true)
    try {
      if (typedCode === null) {
        const { needsCode } = await session.signInAgain(password)
        setPassword('')
        setError(undefined)
        if (needsCode) {
          onPasswordAccepted()
          setStep('code')
          session.secondStepMethods().then(setMethods, () => undefined)
        } else finish()
      } else {
        await session.confirmCode(typedCode)
        finish()
      }
    } catch (failure) {
      setError(describeError(failure))
      if (step === 'code') setCode('')
    } finally {
      setBusy(false)
    }
  }

  const confirmWithKey = async (factorId: string) => {
    if (busy) return
    setBusy(true)
    try {
      await session.confirmWithKey(factorId)
      finish()
    } catch (failure) {
      setError(describeError(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{SIGN_IN_AGAIN_TITLE}</DialogTitle>
            <DialogDescription>
              {step === 'password'
                ? 'Sesi Anda telah berakhir. Masuk kembali untuk menyimpan; semua yang Anda ketik tetap ada di editor.'
                : askCode
                  ? 'Masukkan 6 digit kode dari aplikasi autentikator di ponsel Anda.'
                  : 'Gunakan kunci keamanan yang terdaftar di akun Anda.'}
            </DialogDescription>
          </DialogHeader>
          {step === 'password' ? (
            <>
              <p className="text-sm">
                Masuk sebagai <strong className="break-all">{session.email}</strong>
              </p>
              <Field label="Password" error={error}>
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    name="password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    autoComplete="current-password"
                    autoFocus
                  />
                )}
              </Field>
            </>
          ) : (
            <>
              {askCode ? (
                <CodeField id="sign-in-again-code" label="Kode Verifikasi" value={code} onChange={setCode} error={error} autoFocus />
              ) : (
                error && (
                  <p role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                )
              )}
              {keys.map((key) => (
                <Button key={key.id} type="button" variant="outline" disabled={busy} onClick={() => void confirmWithKey(key.id)}>
                  <KeyRound aria-hidden="true" />
                  {keys.length > 1 ? `Gunakan ${key.name}` : 'Gunakan Kunci Keamanan'}
                </Button>
              ))}
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onGiveUp} disabled={busy}>
              Tutup Editor
            </Button>
            {(step === 'password' || askCode) && (
              <Button type="submit" disabled={busy}>
                {step === 'password' ? <LogIn aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
                {busy ? 'Memproses...' : step === 'password' ? 'Masuk Kembali' : 'Verifikasi'}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
