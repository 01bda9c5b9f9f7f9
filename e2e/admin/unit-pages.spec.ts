import { expect, expectToast, newSignedInPage, superadmin, test, type Account } from './fixtures'
import { expectNoAxeViolations, newPage } from '../support/fixtures'

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Letda Penerangan' })
})

type Table = 'unit_posts' | 'past_commanders' | 'unit_texts' | 'info_pages'

/** Puts a row back as it was (at its current version), so the next run starts from the seed. */
async function restore(baseURL: string, table: Table, id: string, fields: Record<string, unknown>) {
  const service = await superadmin(baseURL)
  const { data } = await service.from(table).select('version').eq('id', id).single()
  const { error } = await service.from(table).update({ ...fields, version: data!.version } as never).eq('id', id)
  expect(error).toBeNull()
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`staff edit the structure, a past commander, a profile text and an information page, and visitors see them @${viewport.width}`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000)
    const service = await superadmin(baseURL!)
    const deputy = (await service.from('unit_posts').select('id, officer_name').eq('name', 'Wakil Komandan Skadron').single()).data!
    const first = (await service.from('past_commanders').select('id, name, period').eq('ordinal', 1).single()).data!
    const closing = (await service.from('unit_texts').select('id, body').eq('key', 'penutup').single()).data!
    const privacy = (await service.from('info_pages').select('id, title').eq('slug', 'kebijakan-privasi').single()).data!
    const stamp = Date.now()
    const { context, page } = await newSignedInPage(browser, baseURL!, admin, viewport)
    const visitor = await newPage(browser, baseURL!, viewport)
    try {
      await page.goto('/admin/halaman-satuan')
      await expect(page.getByRole('heading', { name: 'Halaman Satuan', level: 1 })).toBeVisible()
      await expectNoAxeViolations(page, `Halaman Satuan @${viewport.width}`)
      await page.screenshot({ path: test.info().outputPath(`admin-${viewport.width}.png`), fullPage: true })

      // the deputy commander's name: a missing name is refused in Indonesian, then saved
      await page.getByRole('tab', { name: 'Struktur' }).click()
      await page.getByRole('button', { name: 'Ubah Wakil Komandan Skadron' }).click()
      let dialog = page.getByRole('dialog', { name: 'Ubah Wakil Komandan Skadron' })
      await dialog.getByLabel('Nama Jabatan, Seksi, atau Flight').fill('  ')
      await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click()
      await expect(dialog.getByText('Nama jabatan atau satuan wajib diisi.')).toBeVisible()
      await dialog.getByLabel('Nama Jabatan, Seksi, atau Flight').fill('Wakil Komandan Skadron')
      await dialog.getByLabel('Nama Perwira').fill(`Mayor Cpn Andi ${stamp}`)
      // the refusal's toast is checked above; axe looks at the dialog once it has gone
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
      await expectNoAxeViolations(page, `Halaman Satuan dialog @${viewport.width}`)
      await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click()
      await expectToast(page, 'Halaman satuan berhasil diperbarui!')
      await expect(dialog).toBeHidden()

      // a past commander
      await page.getByRole('tab', { name: 'Komandan' }).click()
      await page.getByRole('button', { name: 'Ubah Komandan ke-1', exact: true }).click()
      dialog = page.getByRole('dialog', { name: 'Ubah Komandan ke-1' })
      await dialog.getByLabel('Nama Komandan').fill(`Letkol Cpn Budi ${stamp}`)
      await dialog.getByLabel('Periode Menjabat').fill('1998 - 2001')
      await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click()
      await expectToast(page, 'Halaman satuan berhasil diperbarui!')
      // On a phone the toast covers the bottom card's button, and hovering it keeps it open.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })

      // a profile text through the articles' editor
      await page.getByRole('tab', { name: 'Profil' }).click()
      await page.getByRole('button', { name: 'Ubah Penutup' }).click()
      dialog = page.getByRole('dialog', { name: 'Ubah Teks Profil: Penutup' })
      const body = dialog.getByRole('textbox', { name: 'Isi Teks' })
      await body.click()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type(`Siap setiap saat ${stamp}.`)
      await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click()
      await expectToast(page, 'Halaman satuan berhasil diperbarui!')
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })

      // an information page's title
      await page.getByRole('tab', { name: 'Informasi Publik' }).click()
      await page.getByRole('button', { name: 'Ubah Kebijakan Privasi' }).click()
      dialog = page.getByRole('dialog', { name: 'Ubah Halaman: Kebijakan Privasi' })
      await dialog.getByLabel('Judul').fill(`Kebijakan Privasi ${stamp}`)
      await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click()
      await expectToast(page, 'Halaman satuan berhasil diperbarui!')

      // visitors get the new content in the server's HTML at once (the page cache follows writes)
      await visitor.page.goto('/struktur')
      await expect(visitor.page.getByText(`Mayor Cpn Andi ${stamp}`)).toBeVisible()
      await expect(visitor.page.getByTestId('commander-timeline')).toContainText(`Letkol Cpn Budi ${stamp}`)
      await expect(visitor.page.getByTestId('commander-timeline')).toContainText('1998 - 2001')
      const html = await (await visitor.page.request.get('/profil')).text()
      expect(html).toContain(`Siap setiap saat ${stamp}.`)
      await visitor.page.goto('/kebijakan-privasi')
      await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(`Kebijakan Privasi ${stamp}`)
    } finally {
      await restore(baseURL!, 'unit_posts', deputy.id, { officer_name: deputy.officer_name, name: 'Wakil Komandan Skadron' })
      await restore(baseURL!, 'past_commanders', first.id, { name: first.name, period: first.period })
      await restore(baseURL!, 'unit_texts', closing.id, { body: closing.body })
      await restore(baseURL!, 'info_pages', privacy.id, { title: privacy.title })
      await visitor.context.close()
      await context.close()
    }
  })
}

test('a plain user cannot open Halaman Satuan, and the database refuses their writes', async ({ newAccount, browser, baseURL }) => {
  const user = await newAccount({ role: 'user', status: 'approved' })
  const { context, page } = await newSignedInPage(browser, baseURL!, user)
  await page.goto('/admin/halaman-satuan')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('link', { name: 'Halaman Satuan' })).toHaveCount(0)
  await context.close()
})

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`a deleted past commander waits in Tempat Sampah and comes back to /struktur @${viewport.width}`, async ({ browser, baseURL }) => {
    const service = await superadmin(baseURL!)
    const ordinal = viewport.width === 390 ? 61 : 62
    const name = `Letkol Cpn Uji Sampah ${Date.now()}`
    const { data: commander } = await service.from('past_commanders')
      .insert({ ordinal, rank: 'Letkol Cpn', name, period: '2004 - 2006' }).select('id').single()
    const { context, page } = await newSignedInPage(browser, baseURL!, admin, viewport)
    const visitor = await newPage(browser, baseURL!, viewport)
    try {
      await page.goto('/admin/halaman-satuan')
      await page.getByRole('tab', { name: 'Komandan' }).click()
      await page.getByRole('button', { name: `Hapus Komandan ke-${ordinal}`, exact: true }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click()
      await expectToast(page, `Komandan ke-${ordinal} dihapus.`)
      await visitor.page.goto('/struktur')
      await expect(visitor.page.getByTestId('commander-timeline')).not.toContainText(name)

      await page.getByRole('tab', { name: 'Tempat Sampah' }).click()
      const trash = page.getByRole('tabpanel', { name: 'Tempat Sampah' })
      // the list is cards on a phone and a table from md on: the one shown
      const entry = trash.getByText(`Komandan ke-${ordinal}: ${name}`).filter({ visible: true })
      await expect(entry).toBeVisible()
      // axe reads the list, not the deletion's toast fading out over it
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
      await expectNoAxeViolations(page, `Halaman Satuan Tempat Sampah @${viewport.width}`)
      await page.screenshot({ path: test.info().outputPath(`trash-${viewport.width}.png`) })
      await trash.getByRole('button', { name: `Pulihkan "Komandan ke-${ordinal}: ${name}"` }).filter({ visible: true }).click()
      await expectToast(page, 'Isi Dipulihkan')
      await expect(entry).toHaveCount(0)

      await visitor.page.goto('/struktur')
      await expect(visitor.page.getByTestId('commander-timeline')).toContainText(name)
    } finally {
      await service.from('past_commanders').delete().eq('id', commander!.id)
      await visitor.context.close()
      await context.close()
    }
  })
}
