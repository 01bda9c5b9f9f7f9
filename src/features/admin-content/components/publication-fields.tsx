import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import type { PublishMode } from '../lib/publication'

type Props = {
  id: string
  mode: PublishMode
  date: string
  time: string
  error: string | null
  disabled: boolean
  onMode: (mode: PublishMode) => void
  onDate: (date: string) => void
  onTime: (time: string) => void
}

const MODES: { value: PublishMode; label: string }[] = [
  { value: 'draft', label: 'Simpan sebagai draf' },
  { value: 'now', label: 'Terbitkan sekarang' },
  { value: 'schedule', label: 'Jadwalkan' },
]

export function PublicationFields({ id, mode, date, time, error, disabled, onMode, onDate, onTime }: Props) {
  const errorId = `${id}-publish-error`
  return (
    <fieldset className="grid gap-1" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Penerbitan</legend>
      <div className="flex flex-wrap gap-x-4">
        {MODES.map((m) => (
          <label key={m.value} className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-publish-mode`}
              value={m.value}
              checked={mode === m.value}
              onChange={() => onMode(m.value)}
              className="size-4 accent-primary"
            />
            {m.label}
          </label>
        ))}
      </div>
      {mode === 'schedule' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-publish-date`}>Tanggal terbit (WIB)</Label>
            <Input
              id={`${id}-publish-date`}
              type="date"
              value={date}
              onChange={(e) => onDate(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-publish-time`}>Jam terbit (WIB)</Label>
            <Input
              id={`${id}-publish-time`}
              type="time"
              value={time}
              onChange={(e) => onTime(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
