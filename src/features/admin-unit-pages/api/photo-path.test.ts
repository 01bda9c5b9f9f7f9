import { describe, expect, it } from 'vitest'
import { unitPhotoPath } from './photo-path'

describe('unitPhotoPath', () => {
  it('keeps the name the picture had, with the re-encoded extension, so the activity log can show it', () => {
    const path = unitPhotoPath('0b6e6a3c-1111-2222-3333-444455556666', 'Foto Komandan Letkol Andi.JPG', 'webp', 1764300000000)
    expect(path).toBe('0b6e6a3c-1111-2222-3333-444455556666/1764300000000_Foto_Komandan_Letkol_Andi.webp')
    expect(unitPhotoPath('u', '../../ª.png', 'jpg', 1)).toBe('u/1_a.jpg')
  })
})
