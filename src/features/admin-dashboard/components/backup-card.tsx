import { useEffect } from 'react'
import { DatabaseBackup } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatRelativeTime } from '@/lib/format'
import { useLastBackup } from '../api/get-last-backup'

function formatSize(bytes: number) {
  const mb = bytes / (1024 * 1024)
  return mb >= 1 ? `${mb.toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('id-ID')} KB`
}

/** Superadmins only (the server answers no row to others): the age of the last good backup. */
export function BackupCard() {
  const { data, isPending, error } = useLastBackup()
  useEffect(() => {
    // SPEC section 8: dashboard load errors are only logged.
    if (error) console.error('Gagal memuat status cadangan:', error)
  }, [error])

  if (isPending) return <Skeleton className="h-32 w-full" aria-label="Memuat" />
  if (!data) return null
  const finished = data.finishedAt
  const { stale } = data
  return (
    <Card className="gap-2 py-4 sm:py-5">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-4 sm:px-5">
        <CardTitle className="text-sm leading-snug font-medium text-muted-foreground">
          <h2>Cadangan Terakhir</h2>
        </CardTitle>
        <DatabaseBackup className={stale ? 'size-5 text-amber-700' : 'size-5 text-emerald-700'} aria-hidden="true" />
      </CardHeader>
      <CardContent className="space-y-1 px-4 sm:px-5">
        <p className={`text-2xl font-bold ${stale ? 'text-amber-700' : 'text-foreground'}`}>
          {finished ? formatRelativeTime(finished) : 'Belum ada cadangan'}
        </p>
        <p className="text-xs break-words text-muted-foreground">
          {finished && data.file ? (
            `${data.file} · ${formatSize(data.sizeBytes ?? 0)}`
          ) : (
            <>
              Jalankan <code>npm run backup</code> di server, atau atur <code>BACKUP_SCHEDULE</code>.
            </>
          )}
        </p>
        {finished && (
          <p className="text-xs break-all text-muted-foreground">
            {data.offsite ? `Salinan di luar server: ${data.offsite}` : 'Tanpa salinan di luar server (atur BACKUP_S3_BUCKET).'}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
