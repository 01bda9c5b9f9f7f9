import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useUpdatePassword } from '../api/update-password'
import { checkNewPassword } from './validation'
import { describeError } from '@/lib/error-messages'

export function SecurityTab({ onPasswordChanged }: { onPasswordChanged: () => void }) {
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const update = useUpdatePassword()
  const id = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const issue = checkNewPassword(password, confirmation)
    if (issue) {
      setProblem(issue.description)
      toast.error(issue.title, { description: issue.description })
      return
    }
    setProblem(null)
    update.mutate(password, {
      onSuccess: () => {
        toast.success('Password Berhasil Diperbarui!', {
          description: 'Silakan login kembali dengan password baru Anda.',
        })
        onPasswordChanged()
      },
      onError: (error) => toast.error('Gagal Memperbarui Password', { description: describeError(error) }),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Ubah Password</h2>
        </CardTitle>
        <CardDescription>Setelah password diganti, Anda perlu login kembali.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:max-w-md" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-new`}>Password Baru</Label>
            <Input
              id={`${id}-new`}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-confirm`}>Konfirmasi Password Baru</Label>
            <Input
              id={`${id}-confirm`}
              type="password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              autoComplete="new-password"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          {problem && (
            <p id={`${id}-problem`} className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Memproses...' : 'Perbarui Password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
