import { useState, type FormEvent } from 'react'
import { ShieldOff } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { formatLongDate } from '@/lib/format'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { CodeField } from '@/components/ui/code-field'
import { completeCode } from '@/lib/second-step-code'
import { useFactors, useRemoveFactor } from '../api/second-step'
import { EnrolSecondStep } from './enrol-second-step'
import { SecurityKeys } from './security-keys'

/** Keamanan tab: 'Verifikasi Dua Langkah' with its status, the authenticator app and the security keys. */
export function SecondStepCard({ userId }: { userId: string }) {
  const factors = useFactors(userId)
  const verified = factors.data?.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified')
  const active = factors.data?.some((factor) => factor.status === 'verified')

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>Verifikasi Dua Langkah</h2>
          {factors.data && (active ? <Badge variant="success">Aktif</Badge> : <Badge variant="secondary">Tidak aktif</Badge>)}
        </CardTitle>
        <CardDescription>
          Selain password, login meminta 6 digit kode dari aplikasi autentikator di ponsel Anda. Password yang bocor saja
          tidak cukup untuk membuka akun Anda.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {factors.isPending ? (
          <p className="text-sm text-muted-foreground">Memuat...</p>
        ) : factors.isError ? (
          <p className="text-sm text-destructive">{describeError(factors.error)}</p>
        ) : (
          <>
            {verified ? (
              <RemoveSecondStep userId={userId} factorId={verified.id} since={verified.created_at} />
            ) : (
              <EnrolSecondStep userId={userId} onEnrolled={() => undefined} />
            )}
            <SecurityKeys userId={userId} factors={factors.data} />
          </>
        )}
      </CardContent>
    </Card>
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
          <CodeField id="remove-code" label="Kode saat ini" value={code} onChange={setCode} error={error} description="Masukkan kode dari aplikasi autentikator untuk menonaktifkan." />
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
