import { useState } from 'react'
import { useNavigate } from 'react-router'
import { KeyRound, MailQuestion, ShieldCheck, UserPlus } from 'lucide-react'
import { toast } from '@/lib/toast'
import { site } from '@/content/site'
import { paths } from '@/lib/paths'
import { publicPage } from '@/lib/pages'
import { useRouteMeta } from '@/lib/use-document-meta'
import { AuthCard, AuthNotice } from './components/auth-card'
import { ForgotPasswordForm } from './components/forgot-password-form'
import { RecoverySteps } from './components/recovery-steps'
import { SecondStepForm, SecondStepIcon, SecondStepPrompt } from './components/second-step-form'
import { SignInForm, type SignInMode } from './components/sign-in-form'
import { useAuth } from './use-auth'
import { useLeaveWhenSignedIn } from './use-leave-when-signed-in'
import { useHydrated } from './api/login-outcome'

type Screen = SignInMode | 'forgot' | 'second-step'

const NO_LINK = { kind: 'none' } as const

const CONFIRMED_PENDING = 'Email berhasil dikonfirmasi. Akun Anda menunggu persetujuan administrator.'
const CONFIRMED_APPROVED = 'Email berhasil dikonfirmasi. Silakan masuk dengan email dan password Anda.'
const LINK_INVALID = 'Tautan tidak valid atau sudah kedaluwarsa. Setiap tautan hanya dapat dipakai satu kali; minta tautan baru bila perlu.'

/** /login: sign-in, registration, 'Lupa password?', and where mailed links come back to. */
export function LoginPage() {
  const [chosen, setScreen] = useState<Screen>('login')
  const auth = useAuth()
  const { dismissLinkOutcome, session, loading, signOut } = auth
  const navigate = useNavigate()
  useRouteMeta(meta)
  // The server renders the sign-in form; what only the browser knows changes it after hydration.
  const hydrated = useHydrated()
  const linkOutcome = hydrated ? auth.linkOutcome : NO_LINK
  // A session the form signed in before the app ran (or one left owing its code) continues with the code.
  const screen: Screen = chosen === 'login' && hydrated && !loading && auth.secondStepPending ? 'second-step' : chosen
  // A mailed link's outcome (recovery above all) is shown, never skipped.
  useLeaveWhenSignedIn(linkOutcome.kind === 'none')

  const go = (next: Screen) => {
    dismissLinkOutcome()
    setScreen(next)
  }

  if (linkOutcome.kind === 'recovery' && (loading || session)) {
    return (
      <AuthCard icon={<KeyRound className="size-7" aria-hidden="true" />} title="Atur Password Baru" subtitle="Buat password baru untuk akun Anda">
        {loading || !session ? (
          <p className="mt-8 text-center text-sm text-muted-foreground">Memeriksa tautan...</p>
        ) : (
          <RecoverySteps accessToken={session.access_token} onDone={() => go('login')} />
        )}
      </AuthCard>
    )
  }

  const notice =
    linkOutcome.kind === 'confirmed' ? (
      <AuthNotice tone="success">{linkOutcome.approved ? CONFIRMED_APPROVED : CONFIRMED_PENDING}</AuthNotice>
    ) : linkOutcome.kind === 'invalid' || linkOutcome.kind === 'recovery' ? (
      <AuthNotice tone="error">{LINK_INVALID}</AuthNotice>
    ) : null

  if (screen === 'second-step') {
    return (
      <AuthCard
        icon={<SecondStepIcon />}
        title="Verifikasi Dua Langkah"
        subtitle={<SecondStepPrompt />}
      >
        <SecondStepForm
          onVerified={() => {
            toast.success('Login Berhasil!', { description: 'Selamat datang kembali!' })
            void navigate(paths.admin.dashboard)
          }}
          onCancel={() => void signOut().then(() => go('login'))}
        />
      </AuthCard>
    )
  }

  if (screen === 'forgot') {
    return (
      <AuthCard
        icon={<MailQuestion className="size-7" aria-hidden="true" />}
        title="Lupa Password"
        subtitle="Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru."
      >
        {notice}
        <ForgotPasswordForm onBack={() => go('login')} />
      </AuthCard>
    )
  }

  const isLogin = screen === 'login'
  return (
    <AuthCard
      icon={isLogin ? <ShieldCheck className="size-7" aria-hidden="true" /> : <UserPlus className="size-7" aria-hidden="true" />}
      title={isLogin ? 'Portal Personel' : 'Daftar Akun Baru'}
      subtitle={isLogin ? `Masuk ke sistem informasi ${site.name}` : 'Akun baru aktif setelah disetujui administrator'}
    >
      {notice}
      <SignInForm mode={screen} onModeChange={go} onForgot={() => go('forgot')} onSecondStep={() => go('second-step')} />
    </AuthCard>
  )
}

/** The page's entry in the public page table. */
export const meta = () => publicPage(paths.login)
