import { Component, type ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'

function RouteError({ error }: { error: unknown }) {
  // A new deployment removes old chunk files; a reload fetches the current ones.
  const staleChunk = error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <h1 className="text-2xl font-bold text-army">Terjadi kesalahan</h1>
      <p className="max-w-md text-muted-foreground">
        {staleChunk
          ? 'Versi situs telah diperbarui. Muat ulang halaman untuk melanjutkan.'
          : 'Maaf, halaman ini tidak dapat ditampilkan saat ini.'}
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-army px-4 py-2 font-semibold text-white hover:bg-army-light"
        >
          Muat Ulang
        </button>
        <Link to={paths.home} className="rounded-md border border-army px-4 py-2 font-semibold text-army hover:bg-muted">
          Ke Beranda
        </Link>
      </div>
    </main>
  )
}

type Props = { children: ReactNode; /** A new value (the next page) clears the error. */ resetKey: string }
type State = { error: unknown; resetKey: string; failed: boolean }

/** What a page that throws while rendering or loading its code shows instead of a blank screen. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey, failed: false }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey }
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children
  }
}
