import { ConfirmDialog } from '@/components/ui/confirm-dialog'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onDiscard: () => void }

/** Asked before an editor with unsaved changes closes. */
export function DiscardChangesDialog({ open, onOpenChange, onDiscard }: Props) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Buang perubahan?"
      description="Artikel ini belum disimpan. Jika ditutup sekarang, semua yang sudah Anda tulis akan hilang."
      cancelLabel="Lanjutkan Mengedit"
      confirmLabel="Buang Perubahan"
      onConfirm={onDiscard}
    />
  )
}
