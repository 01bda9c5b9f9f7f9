import type { RealtimeChannel } from '@supabase/supabase-js'
import { client, expect, newSignedInPage, test } from './fixtures'

// Issue 43, point 5: the admin screens join their realtime topics as private channels, so what a
// stranger broadcasts or tracks on a channel of the same name never reaches the admin's browser.
const MARKER = 'stranger-was-here'

test('a stranger broadcasting on the admin topics reaches no admin socket', async ({ newAccount, browser, baseURL }) => {
  const admin = await newAccount({ role: 'admin', status: 'approved' })
  const { page, context } = await newSignedInPage(browser, baseURL!, admin, { width: 1440, height: 900 })
  const sent: string[] = []
  const received: string[] = []
  const text = (payload: string | Buffer) => (typeof payload === 'string' ? payload : payload.toString('utf8'))
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => sent.push(text(frame.payload)))
    socket.on('framereceived', (frame) => received.push(text(frame.payload)))
  })
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('button', { name: 'Menu akun' })).toBeVisible()
  const joinOf = (name: string) => sent.find((f) => f.includes(`"realtime:${name}`) && f.includes('phx_join'))
  await expect.poll(() => joinOf(`admin-profile:${admin.id}`)).toBeTruthy()
  await expect.poll(() => joinOf(`security-settings:${admin.id}`)).toBeTruthy()
  await expect.poll(() => joinOf('contacts-inbox:')).toBeTruthy()

  const stranger = await client(baseURL!)
  const channels: RealtimeChannel[] = []
  for (const name of [`admin-profile:${admin.id}`, `security-settings:${admin.id}`, 'contacts-inbox::r0:', 'contacts-inbox::r1:']) {
    const channel = stranger.channel(name, { config: { broadcast: { ack: true }, presence: { key: MARKER } } })
    await new Promise<void>((resolve, reject) => channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status))
    }))
    channels.push(channel)
    for (let i = 0; i < 20; i++) await channel.send({ type: 'broadcast', event: 'spam', payload: { MARKER, pad: 'x'.repeat(1024) } })
    await channel.track({ MARKER })
  }
  // the admin's socket is still live (a heartbeat answered after the flood), and heard none of it
  const heartbeats = received.filter((f) => f.includes('"phoenix"')).length
  await expect.poll(() => received.filter((f) => f.includes('"phoenix"')).length, { timeout: 40_000 }).toBeGreaterThan(heartbeats)
  expect(received.filter((f) => f.includes(MARKER))).toEqual([])
  for (const name of [`admin-profile:${admin.id}`, `security-settings:${admin.id}`, 'contacts-inbox:']) {
    expect(JSON.parse(joinOf(name)!)[4].config.private, name).toBe(true)
  }
  for (const channel of channels) await stranger.removeChannel(channel)
  await context.close()
})
