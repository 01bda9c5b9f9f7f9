import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import type { ManagedUser } from '../api/get-users'

export type UserAction = 'approve' | 'reject' | 'suspend' | 'restore' | 'delete'

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
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{copy?.title}</AlertDialogTitle>
          <AlertDialogDescription>{copy?.describe(name)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Batal</AlertDialogCancel>
          <AlertDialogAction
            variant={pending?.action === 'approve' || pending?.action === 'restore' ? 'default' : 'destructive'}
            onClick={() => pending && onConfirm(pending.action, pending.user)}
          >
            {copy?.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
