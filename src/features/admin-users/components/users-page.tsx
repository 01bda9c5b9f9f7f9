import { useDeferredValue, useMemo, useState } from 'react'
import { MoreHorizontal, Search, ShieldCheck, ShieldOff, Trash2, UserCheck, UserPlus, UserX } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Badge } from '@/components/ui/badge'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { showNotImplemented } from '@/lib/not-implemented'
import { ResponsiveTable } from '@/components/ui/responsive-table'
import { ResultsStatus, useResultsFocus } from '@/components/ui/results-status'
import { refocusIfLost } from '@/components/ui/focus-after'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { useUsers, type ManagedUser } from '../api/get-users'
import { ASSIGNABLE_ROLES, useUpdateUserRole, type AssignableRole } from '../api/update-user-role'
import { useUpdateUserStatus, type DecidedStatus } from '../api/update-user-status'
import { useDeleteUser } from '../api/delete-user'
import { useResetSecondStep, useSecondSteps } from '../api/second-steps'
import { SecondStepSetting } from './second-step-setting'
import { StatusBadge } from './status-badge'
import { filterUsers } from './filter-users'
import { ConfirmUserAction, type UserAction } from './confirm-user-action'
import { describeError } from '@/lib/error-messages'

const ROLE_LABELS: Record<AssignableRole, string> = { admin: 'Admin', user: 'User' }

// Suspending takes an approved account out of use (its sessions end at once, by a trigger);
// restoring approves it again. Every decision is mailed to the member.
const STATUS_ACTIONS: Record<Exclude<UserAction, 'delete' | 'reset-mfa'>, { status: DecidedStatus; done: string; failed: string }> = {
  approve: { status: 'approved', done: 'Pengguna berhasil disetujui!', failed: 'Gagal menyetujui pengguna' },
  reject: { status: 'rejected', done: 'Pengguna berhasil ditolak!', failed: 'Gagal menolak pengguna' },
  suspend: { status: 'suspended', done: 'Pengguna berhasil dinonaktifkan!', failed: 'Gagal menonaktifkan pengguna' },
  restore: { status: 'approved', done: 'Pengguna berhasil diaktifkan kembali!', failed: 'Gagal mengaktifkan kembali pengguna' },
}

function SecondStepBadge() {
  return (
    <Badge variant="outline" title="Verifikasi dua langkah aktif">
      <ShieldCheck aria-hidden="true" />2 Langkah
    </Badge>
  )
}

const displayName = (user: ManagedUser) => user.full_name || user.email || 'Pengguna'

type RowProps = {
  user: ManagedUser
  busy: boolean
  hasSecondStep: boolean
  onRoleChange: (user: ManagedUser, role: AssignableRole) => void
  onAction: (action: UserAction, user: ManagedUser) => void
}

function RoleControl({ user, busy, onRoleChange }: Omit<RowProps, 'onAction' | 'hasSecondStep'>) {
  if (user.role === 'superadmin') return <Badge variant="gold">Superadmin</Badge>
  return (
    <Select value={user.role} onValueChange={(role) => onRoleChange(user, role as AssignableRole)} disabled={busy}>
      <SelectTrigger size="sm" className="w-28" aria-label={`Peran ${displayName(user)}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ASSIGNABLE_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}

function UserActions({ user, busy, hasSecondStep, onAction }: Omit<RowProps, 'onRoleChange'>) {
  if (user.status === 'pending') {
    return (
      <>
        <Button size="sm" disabled={busy} onClick={() => onAction('approve', user)} aria-label={`Setujui ${displayName(user)}`}>
          Setujui
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={busy}
          onClick={() => onAction('reject', user)}
          aria-label={`Tolak ${displayName(user)}`}
        >
          Tolak
        </Button>
      </>
    )
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" disabled={busy} aria-label={`Aksi untuk ${displayName(user)}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {user.role !== 'superadmin' && user.status === 'approved' && (
          <DropdownMenuItem onSelect={() => onAction('suspend', user)}>
            <UserX aria-hidden="true" />
            Nonaktifkan
          </DropdownMenuItem>
        )}
        {user.role !== 'superadmin' && user.status === 'rejected' && (
          <DropdownMenuItem onSelect={() => onAction('approve', user)}>
            <UserCheck aria-hidden="true" />
            Setujui
          </DropdownMenuItem>
        )}
        {user.role !== 'superadmin' && user.status === 'suspended' && (
          <DropdownMenuItem onSelect={() => onAction('restore', user)}>
            <UserCheck aria-hidden="true" />
            Aktifkan Kembali
          </DropdownMenuItem>
        )}
        {hasSecondStep && (
          <DropdownMenuItem onSelect={() => onAction('reset-mfa', user)}>
            <ShieldOff aria-hidden="true" />
            Atur Ulang Verifikasi 2 Langkah
          </DropdownMenuItem>
        )}
        <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete', user)}>
          <Trash2 aria-hidden="true" />
          Hapus Pengguna
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

export function UsersPage({ currentUserId }: { currentUserId: string }) {
  const usersQuery = useUsers()
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const { ref: resultsRef, onSearchKeyDown } = useResultsFocus()
  const [pending, setPending] = useState<{ action: UserAction; user: ManagedUser } | null>(null)
  const updateRole = useUpdateUserRole()
  const updateStatus = useUpdateUserStatus()
  const deleteUser = useDeleteUser()
  const secondSteps = useSecondSteps()
  const resetSecondStep = useResetSecondStep()
  const hasSecondStep = (user: ManagedUser) => secondSteps.data?.has(user.id) ?? false
  // The row's controls are disabled while an action runs and its buttons may be gone after it:
  // the line saying what the list shows takes focus rather than the page body.
  const onSettled = () => refocusIfLost(() => resultsRef.current)

  useQueryErrorToast(usersQuery.error, 'Gagal memuat pengguna')

  const users = useMemo(
    () => filterUsers(usersQuery.data ?? [], deferredQuery, currentUserId),
    [usersQuery.data, deferredQuery, currentUserId],
  )

  const changeRole = (user: ManagedUser, role: AssignableRole) => {
    if (role === user.role) return
    updateRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => toast.success('Peran berhasil diubah!'),
        onError: (error) => toast.error('Gagal mengubah peran', { description: describeError(error) }),
        onSettled,
      },
    )
  }

  const askConfirmation = (action: UserAction, user: ManagedUser) => setPending({ action, user })

  const runAction = (action: UserAction, user: ManagedUser, reason: string) => {
    setPending(null)
    if (action === 'reset-mfa') {
      resetSecondStep.mutate(user.id, {
        onSuccess: () => toast.success('Verifikasi dua langkah berhasil diatur ulang!'),
        onError: (error) => toast.error('Gagal mengatur ulang verifikasi dua langkah', { description: describeError(error) }),
        onSettled,
      })
      return
    }
    if (action === 'delete') {
      deleteUser.mutate(user.id, {
        onSuccess: () => toast.success('Pengguna berhasil dihapus!'),
        onError: (error) => toast.error('Gagal menghapus pengguna', { description: describeError(error) }),
        onSettled,
      })
      return
    }
    const outcome = STATUS_ACTIONS[action]
    updateStatus.mutate(
      { id: user.id, status: outcome.status, reason },
      {
        onSuccess: () => toast.success(outcome.done),
        onError: (error) => toast.error(outcome.failed, { description: describeError(error) }),
        onSettled,
      },
    )
  }

  const busyId =
    (updateRole.isPending && updateRole.variables.id) ||
    (updateStatus.isPending && updateStatus.variables.id) ||
    (deleteUser.isPending && deleteUser.variables) ||
    (resetSecondStep.isPending && resetSecondStep.variables) ||
    null

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Manajemen Pengguna</h1>
          <p className="text-sm text-muted-foreground">Setujui pendaftaran, atur peran, dan hapus akun personel.</p>
        </div>
        <Button onClick={() => showNotImplemented()}>
          <UserPlus aria-hidden="true" />
          Undang Pengguna
        </Button>
      </div>

      <SecondStepSetting />

      <div className="rounded-xl border border-border bg-card shadow-sm">
        <div className="border-b border-border p-3 sm:p-4">
          <Label htmlFor="user-search" className="sr-only">
            Cari pengguna
          </Label>
          <div className="relative max-w-md">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="user-search"
              type="search"
              // SPEC.md's placeholder, whole at 390 px too: a smaller placeholder font and less padding on phones
              className="pr-2 pl-8 max-sm:placeholder:text-xs"
              placeholder="Cari pengguna berdasarkan nama atau email..."
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onSearchKeyDown}
            />
          </div>
        </div>
        <ResultsStatus ref={resultsRef} className="mx-4 mt-3 px-1">
          {usersQuery.data ? `Menampilkan ${users.length} pengguna` : ''}
        </ResultsStatus>
        <ResponsiveTable
          items={users}
          isPending={usersQuery.isPending}
          loadingText="Memuat pengguna..."
          emptyText="Tidak ada pengguna yang cocok."
          label="Daftar pengguna"
          cardClassName="gap-3"
          busy={(user) => busyId === user.id}
          card={(user) => (
            <>
              <div className="min-w-0">
                <p className="font-semibold break-words">{user.full_name || 'N/A'}</p>
                <p className="text-sm break-all text-muted-foreground">{user.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <RoleControl user={user} busy={busyId === user.id} onRoleChange={changeRole} />
                <StatusBadge status={user.status} />
                {hasSecondStep(user) && <SecondStepBadge />}
                <div className="ml-auto flex gap-2">
                  <UserActions user={user} busy={busyId === user.id} hasSecondStep={hasSecondStep(user)} onAction={askConfirmation} />
                </div>
              </div>
            </>
          )}
          columns={[
            { header: 'Nama Lengkap', className: 'font-medium', cell: (user) => user.full_name || 'N/A' },
            { header: 'Email', className: 'break-all text-muted-foreground', cell: (user) => user.email },
            {
              header: 'Peran',
              cell: (user) => <RoleControl user={user} busy={busyId === user.id} onRoleChange={changeRole} />,
            },
            {
              header: 'Status',
              cell: (user) => (
                <div className="flex flex-wrap gap-1.5">
                  <StatusBadge status={user.status} />
                  {hasSecondStep(user) && <SecondStepBadge />}
                </div>
              ),
            },
            {
              header: 'Aksi',
              alignEnd: true,
              cell: (user) => (
                <div className="flex justify-end gap-2">
                  <UserActions user={user} busy={busyId === user.id} hasSecondStep={hasSecondStep(user)} onAction={askConfirmation} />
                </div>
              ),
            },
          ]}
        />
      </div>

      <ConfirmUserAction pending={pending} onCancel={() => setPending(null)} onConfirm={runAction} />
    </div>
  )
}
