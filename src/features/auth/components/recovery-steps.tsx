import { useQuery } from '@tanstack/react-query'
import { describeError } from '@/lib/error-messages'
import { needsSecondStep } from '../api/second-step'
import { NewPasswordForm } from './new-password-form'
import { SecondStepForm } from './second-step-form'

const CHECKING = <p className="mt-8 text-center text-sm text-muted-foreground">Memeriksa tautan...</p>

/**
 * The recovery link's session has only the mailbox behind it: an account with two-step
 * verification gives its code before a new password is set (the server refuses the password
 * otherwise, with insufficient_aal), so a stolen mailbox alone does not take the account.
 */
export function RecoverySteps({ accessToken, onDone }: { accessToken: string; onDone: () => void }) {
  const owed = useQuery({ queryKey: ['recovery', 'second-step', accessToken], queryFn: needsSecondStep, staleTime: Infinity })
  if (owed.isPending) return CHECKING
  if (owed.isError) return <p role="alert" className="mt-8 text-center text-sm text-destructive">{describeError(owed.error)}</p>
  if (owed.data) {
    return (
      <>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Akun ini memakai verifikasi dua langkah. Masukkan 6 digit kode dari aplikasi autentikator sebelum membuat password baru.
        </p>
        <SecondStepForm onVerified={() => void owed.refetch()} onCancel={onDone} />
      </>
    )
  }
  return <NewPasswordForm onDone={onDone} />
}
