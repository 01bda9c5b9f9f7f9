import { describe, expect, it } from 'vitest'
import { filterUsers } from './filter-users'
import type { ManagedUser } from '../api/get-users'

// Generated RPC types claim non-null text, but the function returns NULL for missing names.
const user = (id: string, full_name: string | null, email: string | null) =>
  ({ id, full_name, email, role: 'user', status: 'approved' }) as ManagedUser

const users = [
  user('me', 'Super Admin', 'super@example.com'),
  user('a', 'Budi Santoso', 'budi@example.com'),
  user('b', null, 'SARI@Example.com'),
  user('c', 'Agus', null),
]

describe('filterUsers', () => {
  it('always leaves out the signed-in user', () => {
    expect(filterUsers(users, '', 'me').map((u) => u.id)).toEqual(['a', 'b', 'c'])
    expect(filterUsers(users, 'super', 'me')).toEqual([])
  })

  it('matches name or e-mail, ignoring case and surrounding spaces', () => {
    expect(filterUsers(users, '  BUDI ', 'me').map((u) => u.id)).toEqual(['a'])
    expect(filterUsers(users, 'sari@', 'me').map((u) => u.id)).toEqual(['b'])
    expect(filterUsers(users, 'example', 'me').map((u) => u.id)).toEqual(['a', 'b'])
    expect(filterUsers(users, 'zzz', 'me')).toEqual([])
  })
})
