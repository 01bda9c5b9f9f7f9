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

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onDiscard: () => void }

/** Asked before an editor with unsaved changes closes. */
export function DiscardChangesDialog({ open, onOpenChange, onDiscard }: Props) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Buang perubahan?</AlertDialogTitle>
          <AlertDialogDescription>
            Artikel ini belum disimpan. Jika ditutup sekarang, semua yang sudah Anda tulis akan hilang.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Lanjutkan Mengedit</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onDiscard}>
            Buang Perubahan
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
