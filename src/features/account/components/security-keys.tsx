import type { Factor } from '@supabase/supabase-js'
import { KeyRound } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { formatLongDate } from '@/lib/format'
import { securityKeySupported } from '@/lib/security-key'
import { Button } from '@/components/ui/button'
import { useAddSecurityKey, useRemoveSecurityKey } from '../api/security-keys'
import { FactorSection } from './factor-section'

/**
 * 'Kunci Keamanan' in the Keamanan tab, beside the authenticator app: the account's keys, each
 * removable with a touch of it, and 'Tambah Kunci Keamanan'. A key answers only this site, so a
 * look-alike page cannot take it as it can take a typed code.
 */
export function SecurityKeys({ userId, factors }: { userId: string; factors: Factor[] }) {
  const keys = factors.filter((factor) => factor.factor_type === 'webauthn' && factor.status === 'verified')
  const add = useAddSecurityKey(userId)
  const remove = useRemoveSecurityKey(userId)
  const busy = add.isPending || remove.isPending

  const addKey = () =>
    add.mutate(undefined, {
      onSuccess: () =>
        toast.success('Kunci Keamanan Ditambahkan', { description: 'Login kini dapat diverifikasi dengan kunci keamanan ini.' }),
      onError: (failure) => toast.error('Gagal Menambahkan Kunci Keamanan', { description: describeError(failure) }),
    })

  const removeKey = (factor: Factor) =>
    remove.mutate(factor.id, {
      onSuccess: () => toast.success('Kunci Keamanan Dihapus', { description: `${factor.friendly_name ?? 'Kunci'} tidak lagi dapat dipakai untuk login.` }),
      onError: (failure) => toast.error('Gagal Menghapus Kunci Keamanan', { description: describeError(failure) }),
    })

  return (
    <FactorSection title="Kunci Keamanan" active={keys.length > 0} className="mt-6 border-t pt-6">
      <p className="text-sm text-muted-foreground">
        Gunakan kunci keamanan (USB atau NFC), atau sidik jari dan kunci layar perangkat ini, sebagai pengganti kode. Kunci
        keamanan hanya menjawab situs ini, sehingga tidak dapat dipancing oleh situs palsu.
      </p>
      {keys.length > 0 && (
        <ul className="space-y-2">
          {keys.map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div>
                <p className="text-sm font-medium">{factor.friendly_name}</p>
                <p className="text-xs text-muted-foreground">Ditambahkan {formatLongDate(factor.created_at)}</p>
              </div>
              <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => removeKey(factor)}
                aria-label={`Hapus ${factor.friendly_name ?? 'kunci keamanan'}`}>
                Hapus
              </Button>
            </li>
          ))}
        </ul>
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
