import { useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import type { ManagedUser } from '../api/get-users'
import { REASON_MAX } from '../api/update-user-status'

export type UserAction = 'approve' | 'reject' | 'suspend' | 'restore' | 'delete' | 'reset-mfa'

const COPY: Record<UserAction, { title: string; confirm: string; describe: (name: string) => string }> = {
  delete: {
    title: 'Hapus Pengguna?',
    confirm: 'Ya, Hapus',
    describe: (name) =>
      `Tindakan ini tidak dapat dibatalkan. Akun ${name} beserta datanya akan dihapus secara permanen.`,
  },
  approve: {
    title: 'Setujui Pengguna?',
    confirm: 'Ya, Setujui',
    describe: (name) => `${name} akan dapat masuk ke area admin setelah disetujui.`,
  },
  reject: {
    title: 'Tolak Pengguna?',
    confirm: 'Ya, Tolak',
    describe: (name) => `${name} tidak akan dapat masuk ke area admin.`,
  },
  suspend: {
    title: 'Nonaktifkan Pengguna?',
    confirm: 'Ya, Nonaktifkan',
    describe: (name) =>
      `${name} akan langsung dikeluarkan dari semua sesi dan tidak dapat masuk ke area admin sampai diaktifkan kembali. Data dan artikelnya tetap tersimpan.`,
  },
  'reset-mfa': {
    title: 'Atur Ulang Verifikasi Dua Langkah?',
    confirm: 'Ya, Atur Ulang',
    describe: (name) =>
      `Verifikasi dua langkah ${name} akan dihapus dan semua sesinya diakhiri. Ia login kembali dengan password lalu mengaktifkannya lagi. Gunakan bila ponselnya hilang.`,
  },
  restore: {
    title: 'Aktifkan Kembali Pengguna?',
    confirm: 'Ya, Aktifkan',
    describe: (name) => `${name} akan dapat masuk ke area admin lagi dan menerima email pemberitahuan.`,
  },
}

/** A refusal and a suspension may carry the superadmin's reason, which the member is mailed. */
const WITH_REASON = new Set<UserAction>(['reject', 'suspend'])

type Pending = { action: UserAction; user: ManagedUser }

type Props = {
  pending: Pending | null
  onCancel: () => void
  onConfirm: (action: UserAction, user: ManagedUser, reason: string) => void
}

function ReasonDialog({ pending, onCancel, onConfirm }: Props & { pending: Pending }) {
  const [reason, setReason] = useState('')
  const copy = COPY[pending.action]
  const name = pending.user.full_name || pending.user.email || 'Pengguna ini'
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={copy.title}
      description={copy.describe(name)}
      confirmLabel={copy.confirm}
      onConfirm={() => onConfirm(pending.action, pending.user, reason.trim())}
    >
      <div className="grid gap-2">
        <Label htmlFor="status-reason">Alasan (opsional)</Label>
        <Textarea
          id="status-reason"
          value={reason}
          maxLength={REASON_MAX}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby="status-reason-hint"
        />
        <p id="status-reason-hint" className="text-xs text-muted-foreground">
          Dikirim ke email pengguna bersama pemberitahuan ini.
        </p>
      </div>
    </ConfirmDialog>
  )
}

export function ConfirmUserAction({ pending, onCancel, onConfirm }: Props) {
  if (pending && WITH_REASON.has(pending.action)) {
    // keyed, so every opening starts with an empty reason
    return <ReasonDialog key={`${pending.action}:${pending.user.id}`} pending={pending} onCancel={onCancel} onConfirm={onConfirm} />
  }
  const copy = pending ? COPY[pending.action] : null
  const name = pending?.user.full_name || pending?.user.email || 'Pengguna ini'
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={copy?.title}
      description={copy?.describe(name)}
      confirmLabel={copy?.confirm}
      destructive={pending?.action !== 'approve' && pending?.action !== 'restore'}
      onConfirm={() => pending && onConfirm(pending.action, pending.user, '')}
    />
  )
}
