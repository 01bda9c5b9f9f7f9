import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { formatShortDateTime } from '@/lib/format'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  onDiscard: () => void
  /** What the server already holds: nothing (a new article never saved), the article as opened, or an autosaved draft. */
  stored: { kind: 'nothing' } | { kind: 'opened' } | { kind: 'autosaved'; at: string }
}

const QUESTION = {
  nothing: {
    title: 'Buang perubahan?',
    description: 'Artikel ini belum disimpan. Jika ditutup sekarang, semua yang sudah Anda tulis akan hilang.',
    confirm: 'Buang Perubahan',
  },
  opened: {
    title: 'Buang perubahan?',
    description: 'Perubahan Anda belum disimpan. Jika ditutup sekarang, perubahan itu hilang dan artikel tetap seperti yang tersimpan sebelumnya.',
    confirm: 'Buang Perubahan',
  },
} as const

/** Asked before an editor with changes the server does not hold closes, in words true to what it holds. */
export function DiscardChangesDialog({ open, onOpenChange, onDiscard, stored }: Props) {
  const question = stored.kind === 'autosaved'
    ? {
        title: 'Tutup editor?',
        description: `Draf sudah tersimpan otomatis pada ${formatShortDateTime(stored.at)} dan tetap ada di Manajemen Konten. Perubahan sesudahnya belum tersimpan; jika ditutup sekarang, perubahan itu dibuang.`,
        confirm: 'Buang Perubahan Terakhir',
      }
    : QUESTION[stored.kind]
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={question.title}
      description={question.description}
      cancelLabel="Lanjutkan Mengedit"
      confirmLabel={question.confirm}
      onConfirm={onDiscard}
    />
  )
}
