import { Spinner } from '@/components/ui/spinner'

export function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-8" />
    </div>
  )
}
