import { describe, expect, it } from 'vitest'
import { refusalOf } from './account-state'

describe('refusalOf', () => {
  it('keeps SPEC.md’s text for an account still waiting', () => {
    expect(refusalOf({ status: 'pending', reason: null })).toEqual({
      title: 'Akses Ditolak',
      description: 'Akun Anda sedang menunggu persetujuan dari administrator.',
    })
  })

  it('tells a refused and a suspended member which it is, with the reason', () => {
    expect(refusalOf({ status: 'rejected', reason: null })?.description).toBe('Pendaftaran akun Anda ditolak oleh administrator.')
    const suspended = refusalOf({ status: 'suspended', reason: 'Pindah satuan.' })?.description
    expect(suspended).toContain('dinonaktifkan')
    expect(suspended).toContain('Alasan: Pindah satuan.')
    expect(suspended).not.toContain('menunggu persetujuan')
    expect(refusalOf({ status: 'approved', reason: null })).toBeNull()
  })
})
