import { useRef } from 'react'
import { LogOut, MonitorSmartphone } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { formatShortDateTime } from '@/lib/format'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { describeDevice, useEndSession, useOwnSessions, useSignOutOthers, type OwnSession } from '../api/own-sessions'

/** Keamanan tab: 'Perangkat Aktif', the account's sessions and 'Keluar dari perangkat lain'. */
export function ActiveSessionsCard({ userId }: { userId: string }) {
  const sessions = useOwnSessions(userId)
  const signOutOthers = useSignOutOthers(userId)
  const endSession = useEndSession(userId)
  const others = (sessions.data ?? []).filter((session) => !session.current).length
  // the ended row and its button are gone: focus goes to the list, not the page body
  const list = useRef<HTMLUListElement>(null)

  const endOne = (session: OwnSession) =>
    endSession.mutate(session.id, {
      onSuccess: () => {
        toast.success('Perangkat telah dikeluarkan.', { description: describeDevice(session.user_agent) })
        list.current?.focus()
      },
      onError: (error) => toast.error('Gagal Mengeluarkan Perangkat', { description: describeError(error) }),
    })

  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () => {
        toast.success('Perangkat lain telah dikeluarkan.')
        list.current?.focus()
      },
      onError: (error) => toast.error('Gagal Mengeluarkan Perangkat Lain', { description: describeError(error) }),
    })

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Perangkat Aktif</h2>
        </CardTitle>
        <CardDescription>Perangkat yang sedang masuk ke akun Anda. Bila ada yang tidak Anda kenali, keluarkan lalu ganti password.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sessions.isPending ? (
          <p className="text-sm text-muted-foreground">Memuat...</p>
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">{describeError(sessions.error)}</p>
        ) : (
          <ul ref={list} tabIndex={-1} className="divide-y divide-border rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring" aria-label="Perangkat aktif">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex items-start gap-3 p-3">
                <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {describeDevice(session.user_agent)}
                    {session.current && <Badge variant="success">Perangkat ini</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <span className="break-all">{session.ip ?? 'Alamat tidak diketahui'}</span>{' '}
                    <span className="whitespace-nowrap">· masuk {formatShortDateTime(session.created_at)}</span>{' '}
                    <span className="whitespace-nowrap">· terakhir dipakai {formatShortDateTime(session.last_used_at)}</span>
                  </p>
                </div>
                {!session.current && (
                  <Button type="button" size="sm" variant="outline" className="shrink-0" onClick={() => endOne(session)}
                    disabled={endSession.isPending} aria-label={`Keluarkan ${describeDevice(session.user_agent)}, masuk ${formatShortDateTime(session.created_at)}`}>
                    Keluarkan
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button type="button" variant="outline" onClick={endOthers} disabled={others === 0 || signOutOthers.isPending}>
          <LogOut aria-hidden="true" />
          {signOutOthers.isPending ? 'Memproses...' : 'Keluar dari perangkat lain'}
        </Button>
      </CardContent>
    </Card>
  )
}
