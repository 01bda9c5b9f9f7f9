import { Badge } from '@/components/ui/badge'
import type { AccountStatus } from '../api/shared'

const STATUS: Record<AccountStatus, { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' }> = {
  approved: { label: 'Disetujui', variant: 'success' },
  pending: { label: 'Tertunda', variant: 'warning' },
  rejected: { label: 'Ditolak', variant: 'destructive' },
  suspended: { label: 'Dinonaktifkan', variant: 'secondary' },
}

export function StatusBadge({ status }: { status: AccountStatus }) {
  const { label, variant } = STATUS[status]
  return <Badge variant={variant}>{label}</Badge>
}
