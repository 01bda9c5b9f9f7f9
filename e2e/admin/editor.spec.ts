import { mkdir } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { articleBody, client, expect, expectToast, newSignedInPage, test, typeFormatted, typeLines, type Account } from './fixtures'
import { imageFile } from './images'

let admin: Account
test.beforeEach(async ({ newAccount }) => {
  await mkdir('screenshots', { recursive: true })
  admin = await newAccount({ role: 'admin', status: 'approved', fullName: 'Penulis Editor' })
})

async function stored(baseURL: string, title: string) {
  const { data, error } = await (await client(baseURL)).from('articles').select('*').eq('title', title).single()
  if (error) throw error
  return data
}

const tool = (dialog: Locator, name: string) => dialog.getByRole('toolbar', { name: 'Format teks' }).getByRole('button', { name })

/** What a browser hands the page when someone pastes copied HTML. */
async function paste(page: Page, html: string) {
  await page.evaluate((markup) => {
    const data = new DataTransfer()
    data.setData('text/html', markup)
    data.setData('text/plain', 'teks')
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, html)
}

const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: number }).__pwned)

test.describe('rich-text editor', () => {
  test('headings, lists, quote, link, an uploaded picture, undo and the preview (1440 px)', async ({ cleanup, browser, baseURL }) => {
    test.slow()
    const title = cleanup.article(`Editor Lengkap ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.goto('/admin/content')
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    let dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
    await dialog.getByLabel('Judul').fill(title)
    const body = articleBody(dialog)
    await body.click()

    // Undo takes back the last step, redo brings it back.
    await page.keyboard.type('hapus-saya')
    await tool(dialog, 'Urungkan').click()
    await expect(body).toHaveText('')
    await tool(dialog, 'Ulangi').click()
    await expect(body).toHaveText('hapus-saya')
    await tool(dialog, 'Urungkan').click()
    await expect(body).toHaveText('')
    await expect(tool(dialog, 'Urungkan')).toBeDisabled()

    // A picture comes only from the article's own uploads: with none yet, the panel offers an upload.
    await tool(dialog, 'Sisipkan gambar').click()
    const emptyPanel = dialog.getByRole('group', { name: 'Sisipkan gambar' })
    await expect(emptyPanel.getByText('Unggah Gambar', { exact: true })).toBeVisible()
    await expect(emptyPanel.getByRole('button', { name: /^Sisipkan/ })).toHaveCount(0)
    await emptyPanel.getByRole('button', { name: 'Batal' }).click()

    // Each tool hands focus back to the text before typing goes on.
    const useTool = async (name: string) => {
      await tool(dialog, name).click()
      await expect(body).toBeFocused()
    }
    await useTool('Tajuk bagian')
    await typeLines(page, 'Kronologi', 'Pesawat lepas landas pukul 07.00.')
    await useTool('Daftar berpoin')
    await typeLines(page, 'Satu', 'Dua', '')
    await useTool('Kutipan')
    await typeLines(page, 'Siap terbang.', '')
    await typeFormatted(page, 'ControlOrMeta+i', 'Catatan ')
    await expect(tool(dialog, 'Miring')).toHaveAttribute('aria-pressed', 'false')

    // A hostile link is refused with a message on the field; a plain address becomes a link.
    await tool(dialog, 'Tautan').click()
    const address = dialog.getByLabel('Alamat tautan')
    await address.fill('javascript:window.__pwned=1')
    await address.press('Enter')
    await expect(address).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByText('Alamat tautan tidak valid.', { exact: false })).toBeVisible()
    await expect(dialog).toBeVisible()
    await address.fill('tniad.mil.id')
    await dialog.getByRole('button', { name: 'Terapkan Tautan' }).click()
    await expect(body.getByRole('link', { name: 'tniad.mil.id' })).toBeVisible()

    // The preview is the public page's rendering: sanitized, outside links open in a new tab.
    await dialog.getByRole('button', { name: 'Pratinjau' }).click()
    const preview = dialog.getByTestId('article-preview')
    await expect(preview.getByRole('heading', { level: 2, name: 'Kronologi' })).toBeVisible()
    await expect(preview.getByRole('listitem')).toHaveText(['Satu', 'Dua'])
    await expect(preview.getByRole('link', { name: 'tniad.mil.id' })).toHaveAttribute('target', '_blank')
    await expect(preview.getByRole('link', { name: 'tniad.mil.id' })).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(preview).toContainText(title)
    await page.screenshot({ path: 'screenshots/admin-editor-preview-1440x900.png' })
    await dialog.getByRole('button', { name: 'Tulis' }).click()

    await dialog.getByLabel('Pilih gambar sampul').setInputFiles(imageFile('landasan.png', [30, 90, 30]))
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!')
    let saved = await stored(baseURL, title)
    expect(saved.content).toBe(
      '<h2>Kronologi</h2><p>Pesawat lepas landas pukul 07.00.</p><ul><li><p>Satu</p></li><li><p>Dua</p></li></ul>' +
        '<blockquote><p>Siap terbang.</p></blockquote><p><em>Catatan </em><a href="https://tniad.mil.id/">tniad.mil.id</a></p>',
    )

    // Editing reads the stored HTML back; the stored cover can now be placed in the text.
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click()
    dialog = page.getByRole('dialog', { name: 'Edit Artikel' })
    await expect(articleBody(dialog).getByRole('heading', { level: 2, name: 'Kronologi' })).toBeVisible()
    await articleBody(dialog).getByText('Siap terbang.').click()
    await tool(dialog, 'Sisipkan gambar').click()
    const panel = dialog.getByRole('group', { name: 'Sisipkan gambar' })
    await panel.getByRole('button', { name: 'Sisipkan gambar sampul' }).click()
    await expect(panel.getByText('Mohon isi teks alternatif yang menjelaskan gambar.')).toBeVisible()
    await panel.getByLabel('Teks alternatif').fill('Helikopter di landasan')
    await panel.getByRole('button', { name: 'Sisipkan gambar sampul' }).click()
    await expect(articleBody(dialog).getByRole('img', { name: 'Helikopter di landasan' })).toBeVisible()
    await page.screenshot({ path: 'screenshots/admin-editor-1440x900.png' })
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Diperbarui!')
    saved = await stored(baseURL, title)
    expect(saved.content).toContain(`<img src="${saved.cover_image_url}" alt="Helikopter di landasan">`)

    const visitor = await context.newPage()
    await visitor.goto(`/berita/${saved.id}`)
    const content = visitor.getByTestId('article-content')
    await expect(content.getByRole('heading', { level: 2, name: 'Kronologi' })).toBeVisible()
    await expect(content.getByRole('img', { name: 'Helikopter di landasan' })).toBeVisible()
    await context.close()
  })

  test('a picture uploaded into a new article before its first save; closing unsaved removes it again (390 px)', async ({ cleanup, browser, baseURL }) => {
    const title = cleanup.article(`Gambar Sebelum Simpan ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin, { width: 390, height: 844 })
    await page.goto('/admin/content')
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    let dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
    await dialog.getByLabel('Judul').fill(title)
    await articleBody(dialog).click()
    await page.keyboard.type('Foto latihan pagi.')
    await page.keyboard.press('Enter')

    await tool(dialog, 'Sisipkan gambar').click()
    let panel = dialog.getByRole('group', { name: 'Sisipkan gambar' })
    // the description is asked for before anything is stored
    await panel.getByLabel('Unggah gambar untuk isi artikel').setInputFiles(imageFile('isi.png', [200, 40, 40]))
    await expect(panel.getByLabel('Teks alternatif')).toHaveAttribute('aria-invalid', 'true')
    await panel.getByLabel('Teks alternatif').fill('Helikopter di apron')
    await page.screenshot({ path: 'screenshots/admin-editor-upload-390x844.png' })
    await panel.getByLabel('Unggah gambar untuk isi artikel').setInputFiles(imageFile('isi.png', [200, 40, 40]))
    const picture = articleBody(dialog).getByRole('img', { name: 'Helikopter di apron' })
    await expect(picture).toBeVisible()
    expect(await picture.getAttribute('src')).toMatch(new RegExp(`/article_images/${admin.id}/body/\\d+_isi\\.webp$`))
    // a table below it: a header row to type into, rows added from the toolbar
    await tool(dialog, 'Sisipkan tabel').click()
    await page.keyboard.type('Jam')
    await tool(dialog, 'Tambah baris tabel').click()
    await expect(articleBody(dialog).getByRole('row')).toHaveCount(4)
    await expect(tool(dialog, 'Sisipkan tabel')).toBeDisabled()
    await page.screenshot({ path: 'screenshots/admin-editor-table-390x844.png' })
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!')
    const saved = await stored(baseURL, title)
    expect(saved.content).toContain('<table><tbody><tr><th><p>Jam</p></th><th><p></p></th>')
    const src = saved.content.match(/<img src="([^"]+)" alt="Helikopter di apron">/)?.[1]
    expect(src).toBeTruthy()
    expect((await page.request.get(src!)).status()).toBe(200)

    // A picture uploaded into an article that is then not saved does not stay public.
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
    await articleBody(dialog).click()
    await tool(dialog, 'Sisipkan gambar').click()
    panel = dialog.getByRole('group', { name: 'Sisipkan gambar' })
    await panel.getByLabel('Teks alternatif').fill('Tidak jadi')
    await panel.getByLabel('Unggah gambar untuk isi artikel').setInputFiles(imageFile('batal.png', [10, 10, 200]))
    const dropped = await articleBody(dialog).getByRole('img', { name: 'Tidak jadi' }).getAttribute('src')
    expect((await page.request.get(dropped!)).status()).toBe(200)
    await dialog.getByRole('button', { name: 'Batal', exact: true }).click()
    await page.getByRole('alertdialog', { name: 'Buang perubahan?' }).getByRole('button', { name: 'Buang Perubahan' }).click()
    await expect(dialog).toBeHidden()
    await expect.poll(async () => (await page.request.get(dropped!)).status()).not.toBe(200)
    expect((await page.request.get(src!)).status()).toBe(200)
    await context.close()
  })

  test('pasted Word and hostile HTML is cleaned, and stays inert in preview and on the public page (390 px)', async ({ cleanup, browser, baseURL }) => {
    test.slow()
    const title = cleanup.article(`Tempel Berbahaya ${Date.now()}`)
    const { context, page } = await newSignedInPage(browser, baseURL, admin, { width: 390, height: 844 })
    await page.goto('/admin/content')
    await page.getByRole('button', { name: 'Tambah Artikel' }).click()
    const dialog = page.getByRole('dialog', { name: 'Artikel Baru' })
    await dialog.getByLabel('Judul').fill(title)
    const body = articleBody(dialog)
    await body.click()
    await paste(
      page,
      '<style>p{color:red}</style><!--[if !supportLists]--><span>·<span>&nbsp;</span></span><!--[endif]-->' +
        '<p class="MsoNormal" style="color:red" onclick="window.__pwned=1">Teks <b>tebal</b> dari Word<o:p></o:p></p>' +
        '<p class=MsoListParagraph><![if !supportLists]><span>1.<span>&nbsp;</span></span><![endif]>Langkah pertama</p>' +
        '<img src="https://evil.example/lacak.png" onerror="window.__pwned=1">' +
        '<script>window.__pwned=1</script><p><a href="javascript:window.__pwned=1">tautan jahat</a></p>' +
        '<iframe src="https://evil.example/"></iframe><svg onload="window.__pwned=1"></svg>',
    )
    await expect(body).toContainText('Teks tebal dari Word')
    await expect(body.locator('strong')).toHaveText('tebal')
    await expect(body).not.toContainText('·')
    await expect(body.locator('p').nth(1)).toHaveText('Langkah pertama')
    await expect(body.locator('img, iframe, script, svg, [style], [class*="Mso"], [onclick]')).toHaveCount(0)
    await expect(body.getByRole('link')).toHaveCount(0)

    await dialog.getByRole('button', { name: 'Pratinjau' }).click()
    const preview = dialog.getByTestId('article-preview')
    await expect(preview).toContainText('tautan jahat')
    await expect(preview.locator('img, iframe, script, svg, a[href^="javascript"]')).toHaveCount(0)
    expect(await pwned(page)).toBeUndefined()
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    await page.screenshot({ path: 'screenshots/admin-editor-preview-390x844.png' })
    await dialog.getByRole('button', { name: 'Tulis' }).click()
    await page.screenshot({ path: 'screenshots/admin-editor-390x844.png' })

    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Dibuat!')
    const saved = await stored(baseURL, title)
    expect(saved.content).toBe('<p>Teks <strong>tebal</strong> dari Word</p><p>Langkah pertama</p><p>tautan jahat</p>')

    await page.goto(`/berita/${saved.id}`)
    await expect(page.getByTestId('article-content')).toContainText('Teks tebal dari Word')
    expect(await pwned(page)).toBeUndefined()
    await context.close()
  })

  test('an old article with hostile HTML opens with its safe content and saves without the rest', async ({ newArticle, browser, baseURL }) => {
    const title = `Artikel Lama ${Date.now()}`
    await newArticle({
      title,
      content:
        '<h2>Sejarah</h2><p onmouseover="window.__pwned=1">Dibentuk <b>1970</b>.</p><script>window.__pwned=1</script>' +
        '<p><a href="javascript:window.__pwned=1">klik</a> <a href="https://tniad.mil.id">TNI AD</a></p>' +
        '<img src="x" onerror="window.__pwned=1"><ol><li>Satu</li></ol>',
    })
    const { context, page } = await newSignedInPage(browser, baseURL, admin)
    await page.goto('/admin/content')
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Artikel' })
    const body = articleBody(dialog)
    await expect(body.getByRole('heading', { level: 2, name: 'Sejarah' })).toBeVisible()
    await expect(body.getByRole('link', { name: 'TNI AD' })).toBeVisible()
    await expect(body.getByRole('link', { name: 'klik' })).toHaveCount(0)
    // Unchanged: closes without asking.
    await dialog.getByRole('button', { name: 'Batal' }).click()
    await expect(dialog).toBeHidden()
    expect(await pwned(page)).toBeUndefined()

    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: /^Edit/ }).click()
    await body.getByText('Satu').click()
    await page.keyboard.press('End')
    await page.keyboard.type(' dan dua')
    await dialog.getByRole('button', { name: 'Simpan Artikel' }).click()
    await expectToast(page, 'Artikel Berhasil Diperbarui!')
    const saved = await stored(baseURL, title)
    for (const gone of ['onmouseover', 'onerror', 'javascript:', '<script']) expect(saved.content).not.toContain(gone)
    expect(saved.content).toContain('<h2>Sejarah</h2><p>Dibentuk <strong>1970</strong>.</p>')
    expect(saved.content).toContain('<a href="https://tniad.mil.id">TNI AD</a>')
    expect(saved.content).toContain('<ol><li><p>Satu dan dua</p></li></ol>')
    expect(await pwned(page)).toBeUndefined()
    await context.close()
  })
})
