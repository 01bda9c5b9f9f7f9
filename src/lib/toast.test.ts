import { describe, expect, it, vi } from 'vitest'

// The Toaster host needs a DOM; here it is replaced by a recorder of what reaches sonner.
const { received, mounted } = vi.hoisted(() => {
  const received: string[] = []
  const fakeSonner = Object.assign((title: string) => received.push(`toast ${title}`), {
    success: (title: string) => received.push(`success ${title}`),
    error: (title: string, data?: { description?: string }) => received.push(`error ${title}: ${data?.description}`),
    dismiss: () => received.push('dismiss'),
  })
  return { received, mounted: vi.fn(() => Promise.resolve(fakeSonner)) }
})
vi.mock('./toaster-host', () => ({ mountToasterHost: mounted }))

describe('toast', () => {
  it('loads the Toaster once, on the first toast, and delivers every call in order, each replacing the last', async () => {
    const { toast, mountToaster } = await import('./toast')
    expect(mounted).not.toHaveBeenCalled()
    toast.error('Form Tidak Lengkap', { description: 'Mohon lengkapi nama, email, dan pesan.' })
    toast.success('Pesan Terkirim!')
    toast('Fitur ini belum diimplementasikan')
    await mountToaster()
    await Promise.resolve()
    expect(mounted).toHaveBeenCalledTimes(1)
    expect(received).toEqual([
      'dismiss',
      'error Form Tidak Lengkap: Mohon lengkapi nama, email, dan pesan.',
      'dismiss',
      'success Pesan Terkirim!',
      'dismiss',
      'toast Fitur ini belum diimplementasikan',
    ])
  })
})
