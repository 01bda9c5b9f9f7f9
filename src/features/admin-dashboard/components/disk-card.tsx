import { useEffect } from 'react'
import { HardDrive } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatRelativeTime } from '@/lib/format'
import { useDiskSpace } from '../api/get-disk-space'

function formatBytes(bytes: number) {
  const gb = bytes / 1024 ** 3
  return gb >= 1 ? `${gb.toLocaleString('id-ID', { maximumFractionDigits: 1 })} GB` : `${Math.round(bytes / 1024 ** 2).toLocaleString('id-ID')} MB`
}

/** Superadmins only (the server answers no row to others): free space on the server's disk. */
export function DiskCard() {
  const { data, isPending, error } = useDiskSpace()
  useEffect(() => {
    // SPEC section 8: dashboard load errors are only logged.
    if (error) console.error('Gagal memuat ruang disk:', error)
  }, [error])

  if (isPending) return <Skeleton className="h-32 w-full" aria-label="Memuat" />
  if (!data) return null
  const { low } = data
  return (
    <Card className="gap-2 py-4 sm:py-5">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-4 sm:px-5">
        <CardTitle className="text-sm leading-snug font-medium text-muted-foreground">
          <h2>Ruang Disk Server</h2>
        </CardTitle>
        <HardDrive className={low ? 'size-5 text-red-700' : 'size-5 text-emerald-700'} aria-hidden="true" />
      </CardHeader>
      <CardContent className="space-y-1 px-4 sm:px-5">
        <p className={`text-2xl font-bold ${low ? 'text-red-700' : 'text-foreground'}`}>{formatBytes(data.freeBytes)} kosong</p>
        <p className="text-xs break-words text-muted-foreground">
          {low
            ? `Di bawah cadangan ${formatBytes(data.reserveBytes)}: unggahan dan gambar baru ditolak sampai ruang dikosongkan.`
            : `Cadangan untuk basis data ${formatBytes(data.reserveBytes)} · diukur ${formatRelativeTime(data.measuredAt)}`}
        </p>
      </CardContent>
    </Card>
  )
}
