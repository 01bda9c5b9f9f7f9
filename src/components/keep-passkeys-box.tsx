import { useId } from 'react'

type Props = { checked: boolean; onChange: (checked: boolean) => void }

/**
 * 'Tetap simpan passkey saya', shown wherever a new password is set on an account with passkeys
 * (the recovery screen, Keamanan's 'Ubah Password'). The caller starts it unchecked: a passkey
 * someone else planted with the stolen password goes with the old password unless kept.
 */
export function KeepPasskeysBox({ checked, onChange }: Props) {
  const id = useId()
  return (
    <div className="space-y-1 rounded-md border p-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-description`} className="size-4 accent-army" />
        Tetap simpan passkey saya
      </label>
      <p id={`${id}-description`} className="text-sm text-muted-foreground">
        Akun ini memiliki passkey. Bila tidak dicentang, semua passkey dihapus bersama password lama, termasuk yang mungkin
        ditambahkan orang lain.
      </p>
    </div>
  )
}
