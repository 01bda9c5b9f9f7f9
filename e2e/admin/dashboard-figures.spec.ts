// Issue 44 ("SPEC's placeholder figures become true"): 'Penyimpanan: NN% Penuh' is the disk's
// real share in use, in SPEC's place and words, and the Integritas card does not say 'Aman'
// while the watch has never run (the e2e server runs with INTEGRITY_INTERVAL=0).
import { statfs } from 'node:fs/promises'
import { expect, newSignedInPage, superadmin, SUPERADMIN, test } from './fixtures'

/** The share df shows for the disk the server's DATA_DIR is on. */
async function diskShare(): Promise<number> {
  const fs = await statfs(process.env.E2E_DATA_DIR!)
  const used = fs.blocks - fs.bfree
  return Math.ceil((100 * used) / (used + fs.bavail))
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`the storage share and the integrity watch's state are true @${viewport.width}`, async ({ browser, baseURL }) => {
    const { context, page } = await newSignedInPage(browser, baseURL!, SUPERADMIN, viewport)
    try {
      await page.goto('/admin/dashboard')
      const status = page.getByRole('heading', { name: 'Status Sistem' }).locator('xpath=ancestor::*[@data-slot="card"]')
      const line = status.getByText(/^Penyimpanan: /)
      await expect(line).toHaveText(/^Penyimpanan: \d{1,3}% Penuh$/)
      const shown = Number(/(\d+)%/.exec((await line.textContent())!)![1])
      const expected = await diskShare()
      expect(Math.abs(shown - expected)).toBeLessThanOrEqual(1)

      const integrity = page.getByRole('heading', { name: 'Integritas Situs' }).locator('xpath=ancestor::*[@data-slot="card"]')
      await expect(integrity).toContainText('Pemantauan belum berjalan')
      const { data: summary } = await (await superadmin(baseURL!)).rpc('integrity_summary')
      const { open_findings, pending_holds } = summary as { open_findings: number; pending_holds: number }
      await expect(integrity).not.toContainText('Aman')
      if (open_findings + pending_holds === 0) await expect(integrity).toContainText('Belum dipantau')
      await status.scrollIntoViewIfNeeded()
      await page.screenshot({ path: test.info().outputPath(`dashboard-${viewport.width}.png`), fullPage: true })
    } finally {
      await context.close()
    }
  })
}
