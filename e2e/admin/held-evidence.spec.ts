// Issue 44 (medium 2): Integritas Situs shows the evidence beside 'Rilis'/'Tolak': the held
// content as it would be published but inert, the suspicious words and links marked, who saved
// it and when, and for an edit of a public article what changed.
import { expectNoAxeViolations } from '../support/fixtures'
import { expect, newSignedInPage, signedInClient, SUPERADMIN, test, type Account } from './fixtures'

let writer: Account
test.beforeEach(async ({ newAccount }) => {
  writer = await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Penulis Bukti' })
})

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`a held edit of a public article shows its content, marks, writer and changes @${viewport.width}`, async ({ browser, baseURL, cleanup }) => {
    const title = cleanup.article(`Latihan Bukti ${viewport.width} ${Date.now()}`)
    const host = `promo-${viewport.width}-${Date.now()}.example`
    const { supabase } = await signedInClient(baseURL!, writer.email, writer.password)
    const { data: created, error } = await supabase.from('articles')
      .insert({ title, content: '<p>Latihan terbang malam berjalan lancar.</p>', author_id: (await supabase.auth.getUser()).data.user!.id, published_at: new Date().toISOString() })
      .select('id, version').single()
    if (error) throw error
    const edited = `<p>Latihan terbang malam berjalan lancar.</p><p>Daftar s1ot gacor di <a href="https://${host}/daftar">situs resmi</a> sekarang.</p>`
    const update = await supabase.from('articles').update({ content: edited, version: created.version }).eq('id', created.id)
    if (update.error) throw update.error

    const { context, page } = await newSignedInPage(browser, baseURL!, SUPERADMIN, viewport)
    try {
      await page.goto('/admin/integritas')
      const item = page.getByRole('listitem').filter({ hasText: title }).first()
      await expect(item).toContainText('Disimpan oleh Serda Penulis Bukti')
      const content = item.getByRole('region', { name: `Isi yang akan terbit: ${title}` })
      await expect(content).toContainText('Daftar s1ot gacor di situs resmi')
      // the words the guard named are marked, also the disguised 'daftar slot'
      await expect(content.locator('mark[data-evidence="word"]')).toHaveText(['Daftar s1ot', 'gacor'])
      // the link is its real target as text, marked as a new domain, and nothing in the evidence is clickable
      await expect(content.locator('[data-evidence="new-link"]')).toHaveText(`domain baru → https://${host}/daftar`)
      await expect(item.locator('a')).toHaveCount(0)
      const changes = item.getByRole('region', { name: `Perubahan: ${title}` })
      await expect(changes).toContainText('Perubahan terhadap versi publik')
      await expect(changes.getByRole('term')).toHaveText(['Isi'])
      await expect(changes.locator('ins')).toContainText(['Daftar s1ot gacor di situs resmi sekarang.'])
      await expectNoAxeViolations(page, `Integritas Situs with evidence @${viewport.width}`)
      await item.scrollIntoViewIfNeeded()
      await page.screenshot({ path: test.info().outputPath(`held-evidence-${viewport.width}.png`), fullPage: true })

      await item.getByRole('button', { name: `Tolak "${title}"` }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Tolak' }).click()
      await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0)
    } finally {
      await context.close()
    }
  })
}
