// Issue 44 (medium 3): a held article says so in the editor, and a rejected one is told to its
// writer by mail, by a status in Manajemen Konten and by a notice in the editor with the reason.
import { expectNoAxeViolations } from '../support/fixtures'
import { expect, newSignedInPage, signedInClient, superadmin, test, type Account } from './fixtures'

let writer: Account
test.beforeEach(async ({ newAccount }) => {
  writer = await newAccount({ role: 'admin', status: 'approved', fullName: 'Serda Penulis Tolak' })
})

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`a held article, then rejected: editor notice, list status and a mail to the writer @${viewport.width}`, async ({ browser, baseURL, cleanup }) => {
    test.setTimeout(90_000)
    const title = cleanup.article(`Promo Ditolak ${viewport.width} ${Date.now()}`)
    const { supabase, user } = await signedInClient(baseURL!, writer.email, writer.password)
    const { data: article, error } = await supabase.from('articles')
      .insert({ title, content: '<p>Info situs gacor hari ini.</p>', author_id: user.id, published_at: new Date().toISOString() })
      .select('id').single()
    if (error) throw error

    const { context, page } = await newSignedInPage(browser, baseURL!, writer, viewport)
    try {
      await page.goto('/admin/content')
      const entry = page.getByRole(viewport.width < 1024 ? 'listitem' : 'row').filter({ hasText: title })
      const editButton = entry.getByRole('button', { name: `Edit "${title}"` })
      await expect(entry.getByText('Ditahan untuk ditinjau', { exact: true })).toBeVisible()
      await editButton.click()
      const editor = page.getByRole('dialog', { name: 'Edit Artikel' })
      const heldNotice = editor.getByRole('status', { name: 'Ditahan untuk ditinjau' })
      await expect(heldNotice).toContainText('Artikel belum terbit sampai superadmin meninjaunya')
      await expect(heldNotice).toContainText('Kata yang lazim di spam judi: gacor')
      await page.screenshot({ path: test.info().outputPath(`held-editor-${viewport.width}.png`) })
      await editor.getByRole('button', { name: 'Batal' }).click()
      await expect(editor).toBeHidden()

      const chief = await superadmin(baseURL!)
      const { data: hold } = await chief.from('integrity_holds').select('id').eq('row_id', article.id).eq('status', 'pending').single()
      expect((await chief.rpc('integrity_reject', { hold_id: hold!.id })).error).toBeNull()

      await expect.poll(async () => {
        const mails = (await (await fetch(`${baseURL}/_dev/mail`)).json()) as { to: string; subject: string; text: string }[]
        return mails.find((mail) => mail.to === writer.email && mail.subject === `Ditolak: artikel "${title}" tidak diterbitkan`)?.text ?? ''
      }).toContain('Kata yang lazim di spam judi: gacor')

      await page.reload()
      await expect(entry.getByText('Ditolak superadmin', { exact: true })).toBeVisible()
      await expect(entry.getByText('Ditahan untuk ditinjau', { exact: true })).toHaveCount(0)
      await page.screenshot({ path: test.info().outputPath(`rejected-list-${viewport.width}.png`) })
      await editButton.click()
      const rejected = editor.getByRole('status', { name: 'Ditolak superadmin' })
      await expect(rejected).toContainText('artikel tidak terbit dan tetap sebagai draf')
      await expect(rejected).toContainText('Kata yang lazim di spam judi: gacor')
      await expectNoAxeViolations(page, `editor with the rejection notice @${viewport.width}`)
      await page.screenshot({ path: test.info().outputPath(`rejected-editor-${viewport.width}.png`) })
    } finally {
      await context.close()
    }
  })
}
