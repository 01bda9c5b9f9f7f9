import { useRef, useState, type FormEvent } from 'react'
import { QrCode } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { Button } from '@/components/ui/button'
import { CodeField } from '@/components/ui/code-field'
import { focusAfterRender } from '@/components/ui/focus-after'
import { completeCode } from '@/lib/second-step-code'
import { useReleaseOnLeave } from '@/lib/blob-image'
import { useCancelEnrolment, useConfirmEnrolment, useStartEnrolment, type PendingFactor } from '../api/second-step'

/** The secret in groups of four, as authenticator apps accept it typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/**
 * Enrolment of an authenticator app: 'Aktifkan' creates the secret, the member scans the QR code
 * (or types the secret) and confirms with the first 6-digit code.
 */
export function EnrolSecondStep({ userId, onEnrolled, onCancel }: { userId: string; onEnrolled: () => void; onCancel?: () => void }) {
  const [pending, setPending] = useState<PendingFactor | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const start = useStartEnrolment(userId)
  const confirm = useConfirmEnrolment(userId)
  const cancel = useCancelEnrolment(userId)
  useReleaseOnLeave(pending?.qrCode)
  const panel = useRef<HTMLDivElement>(null)

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (factor) => {
        setPending(factor)
        // The button is replaced by the QR panel: its code field takes focus, the whole panel in view.
        focusAfterRender(() => document.getElementById('enrol-code'), { reveal: () => panel.current })
      },
      onError: (failure) => toast.error('Gagal Memulai Verifikasi Dua Langkah', { description: describeError(failure) }),
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!pending) return
    const value = completeCode(code, setError)
    if (value === null) return
    confirm.mutate(
      { factorId: pending.id, code: value },
      {
        onSuccess: () => {
          setPending(null)
          setCode('')
          setError(undefined)
          toast.success('Verifikasi Dua Langkah Aktif', {
            description: 'Mulai sekarang, setiap login meminta kode dari aplikasi autentikator Anda.',
          })
          onEnrolled()
        },
        onError: (failure) => {
          const message = describeError(failure)
          setError(message)
          toast.error('Kode Tidak Valid', { description: message })
        },
      },
    )
  }

  const abandon = () => {
    if (pending) cancel.mutate(pending.id)
    setPending(null)
    setCode('')
    setError(undefined)
    onCancel?.()
  }

  if (!pending) {
    return (
      <Button type="button" onClick={begin} disabled={start.isPending}>
        <QrCode aria-hidden="true" />
        {start.isPending ? 'Memproses...' : 'Aktifkan Verifikasi Dua Langkah'}
      </Button>
    )
  }

  return (
    <div ref={panel} className="grid scroll-mt-20 gap-6 md:grid-cols-[auto_1fr] md:items-start">
      <div className="flex flex-col items-center gap-2">
        <img
          src={pending.qrCode}
          alt="Kode QR untuk aplikasi autentikator"
          width={192}
          height={192}
          className="size-48 rounded-md border bg-white p-2"
        />
      </div>
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          <li>Buka aplikasi autentikator (Google Authenticator, Microsoft Authenticator, Aegis, atau sejenisnya).</li>
          <li>Pindai kode QR, atau masukkan kunci rahasia di bawah secara manual.</li>
          <li>Masukkan 6 digit kode yang muncul di aplikasi.</li>
        </ol>
        <div>
          <p className="text-sm font-medium">Kunci rahasia</p>
          <p className="mt-1 break-all rounded-md bg-muted px-3 py-2 font-mono text-sm" data-testid="totp-secret">
            {grouped(pending.secret)}
          </p>
        </div>
        <form onSubmit={submit} noValidate className="space-y-4 sm:max-w-xs">
          <CodeField id="enrol-code" label="Kode Verifikasi" value={code} onChange={setCode} error={error} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Memproses...' : 'Konfirmasi'}
            </Button>
            <Button type="button" variant="outline" onClick={abandon} disabled={confirm.isPending}>
              Batal
            </Button>
          </div>
        </form>
      </div>
    </div>
  )
}
