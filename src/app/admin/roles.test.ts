import { describe, expect, it } from 'vitest'
import { hasRole } from './roles'
import { isActivePath } from './active-path'

describe('hasRole', () => {
  it('lets the superadmin through every list', () => {
    expect(hasRole('superadmin', ['admin'])).toBe(true)
    expect(hasRole('superadmin', [])).toBe(true)
  })

  it('checks admin and user against the list; no list means everyone', () => {
    expect(hasRole('admin', ['admin', 'superadmin'])).toBe(true)
    expect(hasRole('user', ['admin', 'superadmin'])).toBe(false)
    expect(hasRole('admin', ['superadmin'])).toBe(false)
    expect(hasRole('user', undefined)).toBe(true)
  })
})

describe('isActivePath', () => {
  it('matches the path and anything below it, not mere string prefixes', () => {
    expect(isActivePath('/admin/users', '/admin/users')).toBe(true)
    expect(isActivePath('/admin/users/123', '/admin/users')).toBe(true)
    expect(isActivePath('/admin/users-old', '/admin/users')).toBe(false)
    expect(isActivePath('/admin/dashboard', '/admin/users')).toBe(false)
  })
})
