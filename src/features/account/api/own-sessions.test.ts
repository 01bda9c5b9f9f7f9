import { describe, expect, it } from 'vitest'
import { describeDevice } from './own-sessions'

describe('describeDevice', () => {
  it('tells two browsers of one kind apart by their version', () => {
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36')).toBe('Chrome 131 di Linux')
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36')).toBe('Chrome 142 di Linux')
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70')).toBe('Edge 131 di Windows')
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari 17 di iOS')
    expect(describeDevice('Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0')).toBe('Firefox 128 di Android')
  })

  it('names what it cannot read plainly', () => {
    expect(describeDevice(null)).toBe('Perangkat tidak dikenal')
    expect(describeDevice('node')).toBe('Aplikasi')
  })
})
