import { useRef, useState, type ChangeEvent, type ComponentProps, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { LogIn, UserPlus } from 'lucide-react'
import { toast } from '@/lib/toast'
import { paths } from '@/lib/paths'
import { useKeepTypedValues } from '@/lib/posted-form'
import { fieldErrors } from '@/lib/validation/field-errors'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Field } from '@/components/ui/field'
import { useRefocusWhenDone } from '@/components/ui/focus-after'
import { focusFirstInvalid } from '@/components/ui/save-error'
import { SIGN_IN_INCOMPLETE, STATUS_UNREADABLE, signInSchema, signUpProblem, signUpSchema } from '../api/credentials'
import { getAccountState, refusalOf, type AccountState } from '../api/account-state'
import { needsSecondStep } from '../api/second-step'
import { PasswordInput } from '../password-input'
import { useAuth } from '../use-auth'
import { describeError } from '@/lib/error-messages'
import { useLoginRefusal } from '../api/login-outcome'
import { AuthNotice } from './auth-card'

export type SignInMode = 'login' | 'register'
type Fields = { fullName: string; username: string; email: string; phoneNumber: string; password: string }

const EMPTY: Fields = { fullName: '', username: '', email: '', phoneNumber: '', password: '' }

/** Sign-in ('Portal Personel') and registration ('Daftar Akun Baru'), one form toggling between them. */
type Props = {
  mode: SignInMode
  onModeChange: (mode: SignInMode) => void
  onForgot: () => void
  /** The password was right and the account has two-step verification: ask for the code. */
  onSecondStep: () => void
}

/**
 * The form posts to the site server, so signing in works before and without JavaScript (the
 * server signs in as `login` below does and answers with this page and the refusal, or hands the
 * session to the app); once the app runs it signs in itself.
 */
export function SignInForm({ mode, onModeChange, onForgot, onSecondStep }: Props) {
  const posted = useLoginRefusal()
  const [refusal, setRefusal] = useState(posted)
  const [fields, setFields] = useState<Fields>(() => ({ ...EMPTY, email: posted?.email ?? '' }))
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({})
  const [busy, setBusy] = useState(false)
  const { signIn, signUp, signOut } = useAuth()
  const navigate = useNavigate()
  const isLogin = mode === 'login'
  const form = useRef<HTMLFormElement>(null)
  // Disabled while it works: a refusal the server gave ('Login Gagal', 'Akses Ditolak') sends
  // focus back to it rather than to the page body.
  const submit = useRefocusWhenDone<HTMLButtonElement>(busy)

  // What was typed before the app took over the form is kept.
  useKeepTypedValues(form, setFields)

  const update = (field: keyof Fields) => (event: ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [field]: event.target.value }))

  const login = async () => {
    const parsed = signInSchema.safeParse(fields)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      focusFirstInvalid(form.current)
      toast.error(SIGN_IN_INCOMPLETE.title, { description: SIGN_IN_INCOMPLETE.description })
      return
    }
    setErrors({})
    const { error, user } = await signIn(parsed.data.email, parsed.data.password)
    if (error || !user) {
      toast.error('Login Gagal', { description: describeError(error) })
      return
    }
    let state: AccountState
    try {
      state = await getAccountState(user.id)
    } catch {
      toast.error(STATUS_UNREADABLE.title, { description: STATUS_UNREADABLE.description })
      await signOut()
      return
    }
    const refusal = refusalOf(state)
    if (refusal) {
      toast.error(refusal.title, { description: refusal.description })
      await signOut()
      return
    }
    let secondStep: boolean
    try {
      secondStep = await needsSecondStep()
    } catch (failure) {
      toast.error('Login Gagal', { description: describeError(failure) })
      await signOut()
      return
    }
    if (secondStep) {
      onSecondStep()
      return
    }
    toast.success('Login Berhasil!', { description: 'Selamat datang kembali!' })
    void navigate(paths.admin.dashboard)
  }

  const register = async () => {
    const parsed = signUpSchema.safeParse(fields)
    if (!parsed.success) {
      const found = fieldErrors(parsed.error)
      setErrors(found)
      focusFirstInvalid(form.current)
      const problem = signUpProblem(found)
      toast.error(problem.title, { description: problem.description })
      return
    }
    setErrors({})
    const { error, session } = await signUp(parsed.data)
    if (error) {
      toast.error('Pendaftaran Gagal', { description: describeError(error) })
      return
    }
    // A backend that confirms e-mail automatically signs the new, still pending, user in;
    // the account is unusable until approved, so leave it signed out like everyone else.
    if (session) await signOut()
    toast.success('Pendaftaran Berhasil!', { description: 'Silakan periksa email Anda untuk tautan konfirmasi.' })
    setFields(EMPTY)
    onModeChange('login')
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setRefusal(null)
    setBusy(true)
    try {
      await (isLogin ? login() : register())
    } finally {
      setBusy(false)
    }
  }

  const switchMode = () => {
    onModeChange(isLogin ? 'register' : 'login')
    setRefusal(null)
    setFields(EMPTY)
    setErrors({})
  }

  const text = (name: Exclude<keyof Fields, 'password'>, label: string, props: ComponentProps<'input'>) => (
    <Field label={label} error={errors[name]} id={name}>
      {(control) => <Input {...control} {...props} name={name} value={fields[name]} onChange={update(name)} />}
    </Field>
  )

  return (
    <>
      {refusal && isLogin && (
        <AuthNotice tone="error">
          <strong>{refusal.title}</strong> {refusal.description}
        </AuthNotice>
      )}
      <form ref={form} onSubmit={onSubmit} method="post" action={paths.login} noValidate className="mt-8 space-y-4">
        {!isLogin && (
          <>
            {text('fullName', 'Nama Lengkap', { autoComplete: 'name', placeholder: 'Nama lengkap sesuai data personel' })}
            {text('username', 'Username', { autoComplete: 'username', placeholder: 'username' })}
          </>
        )}
        {text('email', 'Email', { type: 'email', autoComplete: 'email', placeholder: 'nama@email.com' })}
        {!isLogin && text('phoneNumber', 'Nomor Handphone', { type: 'tel', autoComplete: 'tel', placeholder: '+62...' })}
        <Field label="Password" error={errors.password} id="password" description={isLogin ? undefined : 'Minimal 6 karakter.'}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete={isLogin ? 'current-password' : 'new-password'}
              value={fields.password}
              onChange={update('password')}
              placeholder="••••••••"
            />
          )}
        </Field>
        {isLogin && (
          <p className="-mt-2 text-right">
            <button type="button" onClick={onForgot} className="text-sm font-semibold text-army underline-offset-4 hover:underline">
              Lupa password?
            </button>
          </p>
        )}
        <Button ref={submit} type="submit" size="lg" className="w-full" disabled={busy}>
          {isLogin ? <LogIn aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {busy ? 'Memproses...' : isLogin ? 'Masuk' : 'Daftar'}
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-muted-foreground">
        {isLogin ? 'Belum punya akun?' : 'Sudah punya akun?'}{' '}
        <button type="button" onClick={switchMode} className="font-bold text-army underline-offset-4 hover:underline">
          {isLogin ? 'Daftar di sini' : 'Masuk di sini'}
        </button>
      </p>
    </>
  )
}
