import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrors } from './field-errors'

describe('fieldErrors', () => {
  it('keeps the first message of each field', () => {
    const schema = z.object({
      name: z.string().min(1, 'Nama wajib diisi.').min(3, 'Nama terlalu pendek.'),
      email: z.string().email('Email tidak valid.'),
      age: z.number(),
    })
    const result = schema.safeParse({ name: '', email: 'x', age: 3 })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(fieldErrors(result.error)).toEqual({ name: 'Nama wajib diisi.', email: 'Email tidak valid.' })
  })
})
