import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import type { ManagedUser } from '../api/get-users'

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

type Props = {
  pending: { action: UserAction; user: ManagedUser } | null
  onCancel: () => void
  onConfirm: (action: UserAction, user: ManagedUser) => void
}

export function ConfirmUserAction({ pending, onCancel, onConfirm }: Props) {
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
      onConfirm={() => pending && onConfirm(pending.action, pending.user)}
    />
  )
}
