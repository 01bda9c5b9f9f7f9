import { describe, expect, it } from 'vitest'
import { compactCount } from './compact-count'

describe('compactCount', () => {
  it('writes figures as the dashboard shows them', () => {
    expect([0, 3, 999, 1000, 1234, 1299, 9999, 12_345, 999_999, 1_250_000].map(compactCount))
      .toEqual(['0', '3', '999', '1k', '1.2k', '1.2k', '9.9k', '12k', '999k', '1.2M'])
  })
})
