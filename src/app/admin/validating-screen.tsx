import { Spinner } from '@/components/ui/spinner'

export function ValidatingScreen() {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-3 bg-background text-muted-foreground">
      <Spinner label="Memvalidasi sesi" />
      <p role="status" aria-live="polite">
        Memvalidasi sesi...
      </p>
    </div>
  )
}

export function PageLoading() {
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner label="Memuat halaman" />
    </div>
  )
}
