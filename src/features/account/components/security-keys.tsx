import type { Factor } from '@supabase/supabase-js'
import { KeyRound } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { securityKeySupported } from '@/lib/security-key'
import { Button } from '@/components/ui/button'
import { useAddSecurityKey, useRemoveSecurityKey, useRenameSecurityKey } from '../api/security-keys'
import { FactorSection } from './factor-section'
import { KeyList, type KeyWords } from './key-list'

const WORDS: KeyWords = {
  noun: 'kunci keamanan',
  removedTitle: 'Kunci Keamanan Dihapus',
  removedEffect: 'tidak lagi dapat dipakai untuk login.',
  removeFailedTitle: 'Gagal Menghapus Kunci Keamanan',
}

/**
 * 'Kunci Keamanan' in the Keamanan tab, beside the authenticator app: the account's keys under the
 * names their owner gives, when each was added and last used, and 'Tambah Kunci Keamanan'. A key
 * answers only this site, so a look-alike page cannot take it as it can take a typed code.
 */
export function SecurityKeys({ userId, factors }: { userId: string; factors: Factor[] }) {
  const keys = factors.filter((factor) => factor.factor_type === 'webauthn' && factor.status === 'verified')
  const add = useAddSecurityKey(userId)
  const remove = useRemoveSecurityKey(userId)
  const rename = useRenameSecurityKey(userId)
  const busy = add.isPending || remove.isPending || rename.isPending

  const addKey = () =>
    add.mutate(undefined, {
      onSuccess: () =>
        toast.success('Kunci Keamanan Ditambahkan', { description: 'Login kini dapat diverifikasi dengan kunci keamanan ini.' }),
      onError: (failure) => toast.error('Gagal Menambahkan Kunci Keamanan', { description: describeError(failure) }),
    })

  return (
    <FactorSection title="Kunci Keamanan" active={keys.length > 0} className="mt-6 border-t pt-6">
      <p className="text-sm text-muted-foreground">
        Gunakan kunci keamanan (USB atau NFC), atau sidik jari dan kunci layar perangkat ini, sebagai pengganti kode. Kunci
        keamanan hanya menjawab situs ini, sehingga tidak dapat dipancing oleh situs palsu.
      </p>
      {keys.length > 0 && (
        <KeyList
          items={keys.map((factor) => ({
            id: factor.id,
            name: factor.friendly_name || 'Kunci Keamanan',
            createdAt: factor.created_at,
            // set when the key signs a second step (GoTrue's field; the server sets it on each accepted touch)
            lastUsedAt: factor.last_challenged_at ?? null,
          }))}
          words={WORDS}
          busy={busy}
          onRename={(item, name) => rename.mutateAsync({ id: item.id, name })}
          onRemove={(item) => remove.mutateAsync(item.id)}
        />
      )}
      {securityKeySupported() ? (
        <Button type="button" variant="outline" disabled={busy} onClick={addKey}>
          <KeyRound aria-hidden="true" />
          {add.isPending ? 'Sentuh kunci keamanan Anda...' : 'Tambah Kunci Keamanan'}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Peramban ini tidak mendukung kunci keamanan.</p>
      )}
    </FactorSection>
  )
}
