// Issue 44 (medium 4): after an autosave, closing the editor asks a question true to the state
// (the draft is stored; only what came after it is unsaved), and 'Buang' discards exactly that.
import { articleBody, client, expect, newSignedInPage, test, type Account } from './fixtures'

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  admin = await newAccount({ role: 'admin', status: 'approved' })
})

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`closing after an autosave says the draft is kept and discards only the later typing @${viewport.width}`, async ({ browser, baseURL, cleanup }) => {
    test.setTimeout(90_000)
    const title = cleanup.article(`Draf Otomatis ${viewport.width} ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL!, admin, viewport)
    try {
      await page.goto('/admin/content')
      await page.getByRole('button', { name: 'Tambah Artikel' }).click()
      const dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
      await dialog.getByLabel('Simpan sebagai draf').check()
      await dialog.getByLabel('Judul').fill(title)
      await articleBody(dialog).fill('Paragraf yang tersimpan otomatis.')
      await expect(dialog.getByText(/^Draf tersimpan otomatis/)).toBeVisible({ timeout: 20_000 })

      // nothing typed since the autosave: closing asks nothing, and the draft is there
      await dialog.getByRole('button', { name: 'Batal', exact: true }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('alertdialog')).toHaveCount(0)

      await page.getByRole('button', { name: `Edit "${title}"` }).filter({ visible: true }).click()
      const editor = page.getByRole('dialog', { name: 'Edit Artikel' })
      await articleBody(editor).fill('Paragraf yang tersimpan otomatis. Tambahan yang dibuang.')
      await expect(editor.getByText(/^Draf tersimpan otomatis/)).toBeVisible({ timeout: 20_000 })
      await articleBody(editor).fill('Paragraf yang tersimpan otomatis. Tambahan yang dibuang. Lalu kalimat terakhir.')
      await editor.getByRole('button', { name: 'Batal', exact: true }).click()
      const question = page.getByRole('alertdialog', { name: 'Tutup editor?' })
      await expect(question).toContainText('Draf sudah tersimpan otomatis pada')
      await expect(question).toContainText('Perubahan sesudahnya belum tersimpan')
      await expect(question).not.toContainText('semua yang sudah Anda tulis akan hilang')
      await page.screenshot({ path: test.info().outputPath(`close-question-${viewport.width}.png`) })
      await question.getByRole('button', { name: 'Buang Perubahan Terakhir' }).click()
      await expect(editor).toBeHidden()

      const supabase = await client(baseURL!)
      await supabase.auth.signInWithPassword({ email: admin.email, password: admin.password })
      const { data } = await supabase.from('articles').select('content, published_at').eq('title', title).single()
      expect(data).toEqual({ content: '<p>Paragraf yang tersimpan otomatis. Tambahan yang dibuang.</p>', published_at: null })

      // the discarded sentence is not offered back either
      await page.getByRole('button', { name: `Edit "${title}"` }).filter({ visible: true }).click()
      await expect(articleBody(editor)).toHaveText('Paragraf yang tersimpan otomatis. Tambahan yang dibuang.')
      await expect(editor.getByRole('alert', { name: 'Perubahan belum disimpan' })).toHaveCount(0)
    } finally {
      await context.close()
    }
  })
}
