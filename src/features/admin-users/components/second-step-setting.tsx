import { useState } from 'react'
import { ShieldCheck } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useRefocusWhenDone } from '@/components/ui/focus-after'
import { useSecondStepRequired, useSetSecondStepRequired } from '../api/security-settings'

const OWN_FACTOR_FIRST = 'Aktifkan verifikasi dua langkah pada akun Anda sendiri terlebih dahulu (Akun Saya › Keamanan), lalu login dengan kodenya.'

/** The superadmin's setting: two-step verification required for admin and superadmin accounts. */
export function SecondStepSetting() {
  const required = useSecondStepRequired()
  const change = useSetSecondStepRequired()
  // disabled while saving, so the dialog's return of focus to it fell to the page body
  const button = useRefocusWhenDone<HTMLButtonElement>(change.isPending)
  const on = required.data ?? false
  const [asking, setAsking] = useState(false)

  const toggle = () =>
    change.mutate(!on, {
      onSuccess: () =>
        toast.success(on ? 'Verifikasi dua langkah tidak lagi wajib.' : 'Verifikasi dua langkah kini wajib untuk admin.'),
      onError: (error) => {
        const denied = (error as { code?: string }).code === '42501'
        toast.error('Gagal Mengubah Pengaturan', { description: denied && !on ? OWN_FACTOR_FIRST : describeError(error) })
      },
    })

  return (
    <section aria-labelledby="second-step-setting" className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="second-step-setting" className="flex flex-wrap items-center gap-2 font-semibold">
            <ShieldCheck className="size-5 text-army" aria-hidden="true" />
            Wajibkan Verifikasi Dua Langkah untuk Admin
            {!required.isPending && (on ? <Badge variant="success">Wajib</Badge> : <Badge variant="secondary">Tidak wajib</Badge>)}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Bila wajib, setiap admin dan superadmin harus mengaktifkan verifikasi dua langkah sebelum dapat membuka area admin.
          </p>
        </div>
        <Button
          ref={button}
          type="button"
          variant={on ? 'outline' : 'default'}
          className="shrink-0"
          onClick={() => setAsking(true)}
          disabled={required.isPending || change.isPending}
          aria-pressed={on}
        >
          {change.isPending ? 'Memproses...' : on ? 'Jadikan Tidak Wajib' : 'Wajibkan'}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={on ? 'Jadikan verifikasi dua langkah tidak wajib?' : 'Wajibkan verifikasi dua langkah?'}
        description={
          on
            ? 'Admin dapat kembali membuka area admin hanya dengan password.'
            : 'Setiap admin dan superadmin, termasuk yang sedang login, harus mengaktifkan verifikasi dua langkah sebelum dapat melanjutkan di area admin.'
        }
        confirmLabel={on ? 'Ya, Jadikan Tidak Wajib' : 'Ya, Wajibkan'}
        destructive={false}
        onConfirm={() => {
          setAsking(false)
          toggle()
        }}
      />
    </section>
  )
}
