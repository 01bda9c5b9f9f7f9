import { useState, type ChangeEvent, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { LogIn, UserPlus } from 'lucide-react'
import { toast } from 'sonner'
import { paths } from '@/lib/paths'
import { PHONE_PATTERN } from '@/lib/validation/rules'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { getProfileStatus } from '../api/get-profile-status'
import { PasswordInput } from '../password-input'
import { useAuth } from '../use-auth'
import { describeError } from '@/lib/error-messages'

export type SignInMode = 'login' | 'register'
type Fields = { fullName: string; username: string; email: string; phoneNumber: string; password: string }

const EMPTY: Fields = { fullName: '', username: '', email: '', phoneNumber: '', password: '' }

/** Sign-in ('Portal Personel') and registration ('Daftar Akun Baru'), one form toggling between them. */
export function SignInForm({ mode, onModeChange, onForgot }: { mode: SignInMode; onModeChange: (mode: SignInMode) => void; onForgot: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [busy, setBusy] = useState(false)
  const { signIn, signUp, signOut } = useAuth()
  const navigate = useNavigate()
  const isLogin = mode === 'login'

  const update = (field: keyof Fields) => (event: ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [field]: event.target.value }))

  const login = async () => {
    const email = fields.email.trim()
    if (!email || !fields.password) {
      toast.error('Form Tidak Lengkap', { description: 'Mohon masukkan email dan password.' })
      return
    }
    const { error, user } = await signIn(email, fields.password)
    if (error || !user) {
      toast.error('Login Gagal', { description: describeError(error) })
      return
    }
    let status: string
    try {
      status = await getProfileStatus(user.id)
    } catch {
      toast.error('Login Gagal', { description: 'Tidak dapat memverifikasi status akun Anda.' })
      await signOut()
      return
    }
    if (status !== 'approved') {
      toast.error('Akses Ditolak', { description: 'Akun Anda sedang menunggu persetujuan dari administrator.' })
      await signOut()
      return
    }
    toast.success('Login Berhasil!', { description: 'Selamat datang kembali!' })
    void navigate(paths.admin.dashboard)
  }

  const register = async () => {
    const data = {
      fullName: fields.fullName.trim(),
      username: fields.username.trim(),
      email: fields.email.trim(),
      phoneNumber: fields.phoneNumber.trim(),
      password: fields.password,
    }
    if (!data.fullName || !data.username || !data.email || !data.phoneNumber || !data.password) {
      toast.error('Form Tidak Lengkap', { description: 'Mohon isi semua field untuk mendaftar.' })
      return
    }
    if (!PHONE_PATTERN.test(data.phoneNumber)) {
      toast.error('Format Nomor HP Salah', { description: 'Mohon gunakan format +62xxxxxxxxxx.' })
      return
    }
    const { error, session } = await signUp(data)
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
    setBusy(true)
    try {
      await (isLogin ? login() : register())
    } finally {
      setBusy(false)
    }
  }

  const switchMode = () => {
    onModeChange(isLogin ? 'register' : 'login')
    setFields(EMPTY)
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="mt-8 space-y-4">
        {!isLogin && (
          <>
            <div className="space-y-2">
              <Label htmlFor="fullName">Nama Lengkap</Label>
              <Input id="fullName" name="fullName" autoComplete="name" value={fields.fullName} onChange={update('fullName')} placeholder="Nama lengkap sesuai data personel" />
            </div>
            <div className="space-y-2">
              <Label htmlFor="username">Username</Label>
              <Input id="username" name="username" autoComplete="username" value={fields.username} onChange={update('username')} placeholder="username" />
            </div>
          </>
        )}
        <div className="space-y-2">
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="email" value={fields.email} onChange={update('email')} placeholder="nama@email.com" />
        </div>
        {!isLogin && (
          <div className="space-y-2">
            <Label htmlFor="phoneNumber">Nomor Handphone</Label>
            <Input id="phoneNumber" name="phoneNumber" type="tel" autoComplete="tel" value={fields.phoneNumber} onChange={update('phoneNumber')} placeholder="+62..." />
          </div>
        )}
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-4">
            <Label htmlFor="password">Password</Label>
            {isLogin && (
              <button type="button" onClick={onForgot} className="text-sm font-semibold text-army underline-offset-4 hover:underline">
                Lupa password?
              </button>
            )}
          </div>
          <PasswordInput
            id="password"
            name="password"
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            value={fields.password}
            onChange={update('password')}
            placeholder="••••••••"
          />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
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
