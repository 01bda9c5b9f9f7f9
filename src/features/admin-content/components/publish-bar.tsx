import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { publicationStatus, saveOutcome, type PublishMode } from '../lib/publication'
import { PublicationFields } from './publication-fields'

type Props = {
  id: string
  mode: PublishMode
  schedule: { date: string; time: string }
  /** The stored article's published_at (undefined for a new article). */
  current: string | null | undefined
  error: string | null
  saving: boolean
  onMode: (mode: PublishMode) => void
  onSchedule: (schedule: { date: string; time: string }) => void
  /** Saves as a draft at once, whatever mode was chosen. */
  onSaveDraft: () => void
  onCancel: () => void
  history?: { open: boolean; onToggle: () => void }
}

/**
 * The bottom of the article dialog, always in view: what the save will do (draft, publish now,
 * schedule), a one-tap 'Simpan Draf' while the article is not public, and SPEC.md's buttons.
 */
export function PublishBar({ id, mode, schedule, current, error, saving, onMode, onSchedule, onSaveDraft, onCancel, history }: Props) {
  const isPublic = current !== undefined && publicationStatus(current) === 'Terbit'
  return (
    <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 grid gap-2 border-t border-border bg-background px-6 py-3 sm:flex sm:flex-col sm:items-stretch">
      <PublicationFields
        id={id}
        mode={mode}
        date={schedule.date}
        time={schedule.time}
        error={error}
        disabled={saving}
        onMode={onMode}
        onDate={(date) => onSchedule({ ...schedule, date })}
        onTime={(time) => onSchedule({ ...schedule, time })}
      />
      <p id={`${id}-save-outcome`} className="text-sm text-muted-foreground" aria-live="polite">
        {saveOutcome(mode, schedule, current)}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {history && (
          <Button type="button" variant="ghost" className="mr-auto" onClick={history.onToggle} aria-expanded={history.open}>
            Riwayat Revisi
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Batal
        </Button>
        {!isPublic && mode !== 'draft' && (
          <Button type="button" variant="secondary" onClick={onSaveDraft} disabled={saving}>
            Simpan Draf
          </Button>
        )}
        <Button type="submit" disabled={saving} aria-describedby={`${id}-save-outcome`}>
          {saving ? 'Menyimpan...' : 'Simpan Artikel'}
        </Button>
      </div>
    </DialogFooter>
  )
}
