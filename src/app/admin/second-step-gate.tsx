import type { ReactNode } from 'react'
import { ShieldAlert } from 'lucide-react'
import { useAuth } from '@/features/auth'
import { AuthCard } from '@/features/auth/components/auth-card'
import { SecondStepForm, SecondStepIcon, SecondStepPrompt } from '@/features/auth/components/second-step-form'
import { Button } from '@/components/ui/button'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { useAssurance } from '@/features/account/api/assurance'
import type { AppRole } from '@/features/account/api/types'
import { EnrolSecondStep } from '@/features/account/components/enrol-second-step'
import { useLiveSecondStepRequired } from '@/features/admin-users/api/security-settings'
import { CONTENT_ROLES, hasRole } from './roles'

type Props = {
  userId: string
  role: AppRole
  onSignOut: () => void
  loading: ReactNode
  /** An open editor signs in again (with its code) itself: the page under it stays mounted. */
  held?: boolean
  children: ReactNode
}

/**
 * Before the admin area: an account with two-step verification whose session has only the
 * password is asked for the code (a reload during sign-in lands here); when the superadmin made
 * it required, an admin or superadmin without it enrols first, also when the requirement arrives
 * while they are inside. The database refuses their writes until then in any case; this says why.
 */
export function SecondStepGate({ userId, role, onSignOut, loading, held = false, children }: Props) {
  const { session } = useAuth()
  const assurance = useAssurance(session?.access_token)
  const required = useLiveSecondStepRequired(userId)

  if (held) return children
  if (assurance.isPending || required.isPending) return loading
  if (assurance.isError || required.isError) {
    const failure = assurance.error ?? required.error
    return (
      <AuthCard icon={<ShieldAlert className="size-7" aria-hidden="true" />} title="Gagal Memeriksa Keamanan" subtitle={describeError(failure)}>
        <Button type="button" variant="outline" size="lg" className="mt-8 w-full" onClick={onSignOut}>
          Keluar
        </Button>
      </AuthCard>
    )
  }
  const { current, next } = assurance.data
  if (next === 'aal2' && current !== 'aal2') {
    return (
      <AuthCard
        icon={<SecondStepIcon />}
        title="Verifikasi Dua Langkah"
        subtitle={<SecondStepPrompt />}
      >
        <SecondStepForm onVerified={() => toast.success('Login Berhasil!', { description: 'Selamat datang kembali!' })} onCancel={onSignOut} />
      </AuthCard>
    )
  }
  const staff = hasRole(role, CONTENT_ROLES)
  if (required.data && staff && next !== 'aal2') {
    return (
      // the whole page while enrolment is owed (outside the admin shell and its <main>)
      <main className="flex min-h-svh items-start justify-center bg-muted/40 px-4 py-10 sm:items-center">
        <div className="w-full max-w-2xl rounded-2xl border-t-4 border-gold bg-card p-6 shadow-lg sm:p-8">
          <div className="flex items-start gap-3">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-army text-gold-light">
              <ShieldAlert className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h1 className="text-xl font-black text-army sm:text-2xl">Aktifkan Verifikasi Dua Langkah</h1>
              <p className="mt-1 text-sm text-muted-foreground">
                Superadmin mewajibkan verifikasi dua langkah untuk akun admin. Aktifkan sekarang untuk melanjutkan ke area admin.
              </p>
            </div>
          </div>
          <div className="mt-6">
            <EnrolSecondStep userId={userId} onEnrolled={() => undefined} />
          </div>
          <Button type="button" variant="ghost" className="mt-6" onClick={onSignOut}>
            Keluar
          </Button>
        </div>
      </main>
    )
  }
  return children
}
