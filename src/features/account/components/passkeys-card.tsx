import { describeError } from '@/lib/error-messages'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys'
import { KeyList, type KeyWords } from './key-list'

const WORDS: KeyWords = {
  noun: 'passkey',
  removedTitle: 'Passkey Dihapus',
  removedEffect: 'tidak lagi dapat dipakai untuk masuk ke akun Anda.',
  removeFailedTitle: 'Gagal Menghapus Passkey',
}

/**
 * Keamanan: the account's passkeys, which sign in without the password. Listed so that one the
 * owner did not add (planted with a stolen password) is seen and removed. Absent when this server
 * has passkeys off: none of them can sign in then.
 */
export function PasskeysCard({ userId }: { userId: string }) {
  const passkeys = usePasskeys(userId)
  const rename = useRenamePasskey(userId)
  const remove = useRemovePasskey(userId)
  if (passkeys.data === null) return null

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Passkey</h2>
        </CardTitle>
        <CardDescription>
          Passkey membuka akun Anda tanpa password. Beri nama yang Anda kenali, dan hapus passkey yang hilang atau tidak
          pernah Anda tambahkan.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {passkeys.isPending ? (
          <p className="text-sm text-muted-foreground">Memuat...</p>
        ) : passkeys.isError ? (
          <p className="text-sm text-destructive">{describeError(passkeys.error)}</p>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Belum ada passkey di akun ini.</p>
        ) : (
          <KeyList
            items={passkeys.data}
            words={WORDS}
            busy={rename.isPending || remove.isPending}
            onRename={(item, name) => rename.mutateAsync({ id: item.id, name })}
            onRemove={(item) => remove.mutateAsync(item.id)}
          />
        )}
      </CardContent>
    </Card>
  )
}
