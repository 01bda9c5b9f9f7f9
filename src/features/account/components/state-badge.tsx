import { Badge } from '@/components/ui/badge'

/** A Keamanan section's own state: 'Aktif' or 'Tidak aktif'. */
export function StateBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Aktif</Badge> : <Badge variant="secondary">Tidak aktif</Badge>
}
