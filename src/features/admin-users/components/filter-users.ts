import type { ManagedUser } from '../api/get-users'

/** Case-insensitive match on full name or e-mail; the signed-in superadmin never lists themself. */
export function filterUsers(users: readonly ManagedUser[], query: string, excludeId: string) {
  const needle = query.trim().toLowerCase()
  return users.filter(
    (u) =>
      u.id !== excludeId &&
      (!needle ||
        (u.full_name ?? '').toLowerCase().includes(needle) ||
        (u.email ?? '').toLowerCase().includes(needle)),
  )
}
