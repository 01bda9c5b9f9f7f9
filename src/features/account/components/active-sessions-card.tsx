import { LogOut, MonitorSmartphone } from 'lucide-react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'
import { formatShortDateTime } from '@/lib/format'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { describeDevice, useOwnSessions, useSignOutOthers } from '../api/own-sessions'

/** Keamanan tab: 'Perangkat Aktif', the account's sessions and 'Keluar dari perangkat lain'. */
export function ActiveSessionsCard({ userId }: { userId: string }) {
  const sessions = useOwnSessions(userId)
  const signOutOthers = useSignOutOthers(userId)
  const others = (sessions.data ?? []).filter((session) => !session.current).length

  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () => toast.success('Perangkat lain telah dikeluarkan.'),
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
          <ul className="divide-y divide-border rounded-md border" aria-label="Perangkat aktif">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex items-start gap-3 p-3">
                <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {describeDevice(session.user_agent)}
                    {session.current && <Badge variant="success">Perangkat ini</Badge>}
                  </p>
                  <p className="text-sm break-all text-muted-foreground">
                    {session.ip ?? 'Alamat tidak diketahui'} · terakhir dipakai {formatShortDateTime(session.last_used_at)}
                  </p>
                </div>
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
