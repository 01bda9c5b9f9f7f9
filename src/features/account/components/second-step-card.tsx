import { useState, type FormEvent } from 'react'
import type { Factor } from '@supabase/supabase-js'
import { ShieldOff } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { formatLongDate } from '@/lib/format'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { CodeField } from '@/components/ui/code-field'
import { completeCode } from '@/lib/second-step-code'
import { useFactors, useRemoveFactor } from '../api/second-step'
import { EnrolSecondStep } from './enrol-second-step'
import { SecurityKeys } from './security-keys'
import { FactorSection } from './factor-section'

/**
 * Keamanan tab: 'Verifikasi Dua Langkah', the second step after the password, in two sections that
 * each tell their own state: the authenticator app and the security keys.
 */
export function SecondStepCard({ userId }: { userId: string }) {
  const factors = useFactors(userId)
  const verified = factors.data?.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified')

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Verifikasi Dua Langkah</h2>
        </CardTitle>
        <CardDescription>
          Selain password, login meminta langkah kedua: kode dari aplikasi autentikator atau sentuhan kunci keamanan. Password
          yang bocor saja tidak cukup untuk membuka akun Anda.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {factors.isPending ? (
          <p className="text-sm text-muted-foreground">Memuat...</p>
        ) : factors.isError ? (
          <p className="text-sm text-destructive">{describeError(factors.error)}</p>
        ) : (
          <>
            <AuthenticatorApp userId={userId} verified={verified} />
            <SecurityKeys userId={userId} factors={factors.data} />
          </>
        )}
      </CardContent>
    </Card>
  )
}

/** The authenticator app's section: its own state, then enrolment or removal. */
function AuthenticatorApp({ userId, verified }: { userId: string; verified: Factor | undefined }) {
  return (
    <FactorSection title="Aplikasi Autentikator" active={verified !== undefined}>
      <p className="text-sm text-muted-foreground">Login meminta 6 digit kode dari aplikasi autentikator di ponsel Anda.</p>
      {verified ? (
        <RemoveSecondStep userId={userId} factorId={verified.id} since={verified.created_at} />
      ) : (
        <EnrolSecondStep userId={userId} onEnrolled={() => undefined} />
      )}
    </FactorSection>
  )
}

function RemoveSecondStep({ userId, factorId, since }: { userId: string; factorId: string; since: string }) {
  const [asking, setAsking] = useState(false)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const remove = useRemoveFactor(userId)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = completeCode(code, setError)
    if (value === null) return
    remove.mutate(
      { factorId, code: value },
      {
        onSuccess: () => toast.success('Verifikasi Dua Langkah Dinonaktifkan', { description: 'Login kini cukup dengan password.' }),
        onError: (failure) => {
          const message = describeError(failure)
          setError(message)
          toast.error('Gagal Menonaktifkan', { description: message })
        },
      },
    )
  }

  return (
    <div className="space-y-4">
      <p className="text-sm">Aktif sejak {formatLongDate(since)}.</p>
      {asking ? (
        <form onSubmit={submit} noValidate className="space-y-4 sm:max-w-xs">
          <CodeField id="remove-code" label="Kode saat ini" value={code} onChange={setCode} error={error} description="Masukkan kode dari aplikasi autentikator untuk menonaktifkan." autoFocus />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Memproses...' : 'Nonaktifkan'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setAsking(false)} disabled={remove.isPending}>
              Batal
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" variant="outline" onClick={() => setAsking(true)}>
          <ShieldOff aria-hidden="true" />
          Nonaktifkan Verifikasi Dua Langkah
        </Button>
      )}
    </div>
  )
}
