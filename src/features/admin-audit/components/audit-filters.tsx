import { RotateCcw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import type { AuditFilter } from '../api/get-audit-log'
import type { Person } from '../api/get-people'
import { ACTION_LABELS } from './describe-entry'

const ALL = 'semua'

type Props = {
  filter: AuditFilter
  people: Person[]
  onChange: (next: Partial<AuditFilter>) => void
  onReset: () => void
}

/** Person, action and date range; every change goes back to the first page. */
export function AuditFilters({ filter, people, onChange, onReset }: Props) {
  return (
    <div className="grid gap-4 border-b border-border p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end">
      <div className="grid gap-2">
        <Label htmlFor="audit-actor">Orang</Label>
        <Select value={filter.actorId || ALL} onValueChange={(value) => onChange({ actorId: value === ALL ? '' : value })}>
          <SelectTrigger id="audit-actor" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Semua orang</SelectItem>
            {people.map((person) => (
              <SelectItem key={person.id} value={person.id}>
                {person.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-action">Aksi</Label>
        <Select value={filter.action || ALL} onValueChange={(value) => onChange({ action: value === ALL ? '' : value })}>
          <SelectTrigger id="audit-action" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Semua aksi</SelectItem>
            {Object.entries(ACTION_LABELS).map(([action, label]) => (
              <SelectItem key={action} value={action}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-from">Dari tanggal</Label>
        <Input id="audit-from" type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => onChange({ from: e.target.value })} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="audit-to">Sampai tanggal</Label>
        <Input id="audit-to" type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => onChange({ to: e.target.value })} />
      </div>
      <Button variant="outline" onClick={onReset}>
        <RotateCcw aria-hidden="true" />
        Atur Ulang
      </Button>
    </div>
  )
}
