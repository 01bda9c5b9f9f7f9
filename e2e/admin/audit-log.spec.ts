import { expect, expectToast, newSignedInPage, signedInClient, SUPERADMIN, test } from './fixtures'

/*
 * /admin/riwayat: the superadmin approves and promotes a member, the member (now admin) writes an
 * article; the log shows each step with who did it, and filters by person, action and date.
 */
test('the superadmin reads who did what at /admin/riwayat, filtered and paginated', async ({ newAccount, cleanup, browser, baseURL }) => {
  test.slow()
  const tag = Date.now().toString(36)
  const member = await newAccount({ status: 'pending', fullName: `Serka Riwayat ${tag}` })
  const boss = await newSignedInPage(browser, baseURL, SUPERADMIN)
  const { page } = boss

  await page.goto('/admin/users')
  await page.getByPlaceholder('Cari pengguna berdasarkan nama atau email...').fill(tag)
  const row = page.getByRole('row').filter({ hasText: member.fullName })
  await row.getByRole('button', { name: /^Setujui/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Setujui' }).click()
  await expectToast(page, 'Pengguna berhasil disetujui!')
  await row.getByRole('combobox').click()
  await page.getByRole('option', { name: 'Admin' }).click()
  await expectToast(page, 'Peran berhasil diubah!')

  await page.getByRole('navigation', { name: 'Navigasi admin' }).getByRole('link', { name: 'Riwayat Aktivitas' }).click()
  await expect(page).toHaveURL(/\/admin\/riwayat$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Aktivitas' })).toBeVisible()
  const entries = page.getByRole('row').filter({ hasText: `Pengguna: ${member.fullName}` })
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('Mengubah peran pengguna')
  await expect(entries.nth(0)).toContainText('Peran: User → Admin')
  await expect(entries.nth(1)).toContainText('Menyetujui pengguna')
  await expect(entries.nth(1)).toContainText('Status: Tertunda → Disetujui')

  // by action
  await page.getByLabel('Aksi').click()
  await page.getByRole('option', { name: 'Mengubah peran pengguna' }).click()
  await expect(entries).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: 'Menyetujui pengguna' })).toHaveCount(0)

  // by date: tomorrow onwards has nothing yet
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jakarta' })
  await page.getByLabel('Dari tanggal').fill(tomorrow)
  await expect(page.getByText('Tidak ada aktivitas yang cocok.')).toBeVisible()
  await page.getByRole('button', { name: 'Atur Ulang' }).click()
  await expect(entries).toHaveCount(2)

  // the member, now an admin, writes an article and 21 galleries (more than one page of the log)
  const { supabase: writer } = await signedInClient(baseURL, member.email, member.password)
  const article = await writer.from('articles').insert({ title: cleanup.article(`Artikel Riwayat ${tag}`), content: '<p>Isi</p>', author_id: member.id })
  expect(article.error).toBeNull()
  const galleries = Array.from({ length: 21 }, (_, i) => ({ name: cleanup.gallery(`Galeri Riwayat ${tag} ${i + 1}`) }))
  expect((await writer.from('galleries').insert(galleries)).error).toBeNull()

  // by person: what the member did, 22 entries on two pages
  await page.getByLabel('Orang').click()
  await page.getByRole('option', { name: member.fullName }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Menampilkan 1–20 dari 22 aktivitas' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Halaman riwayat' })).toContainText('Halaman 1 dari 2')
  await expect(page.getByRole('row').filter({ hasText: 'Membuat galeri' })).toHaveCount(20)
  await page.getByRole('button', { name: 'Berikutnya' }).click()
  // the button is disabled on the last page: focus goes to the line that says where the list is now
  await expect(page.getByRole('status').filter({ hasText: 'Menampilkan 21–22 dari 22 aktivitas' })).toBeFocused()
  await expect(page.getByRole('navigation', { name: 'Halaman riwayat' })).toContainText('Halaman 2 dari 2')
  await expect(page.getByRole('row').filter({ hasText: 'Membuat' })).toHaveCount(2)
  await expect(page.getByRole('row').filter({ hasText: `Artikel: Artikel Riwayat ${tag}` })).toContainText(member.fullName)
  await expect(page.getByRole('button', { name: 'Berikutnya' })).toBeDisabled()
  // Actors by account: the member renames itself after the superadmin, edits the article's cover,
  // renames back. The entry shows the account (current name and e-mail), the cover in words.
  // a name is a plain name (issue 43): the superadmin's address in it is refused
  const withAddress = await writer.from('profiles').update({ full_name: `Super Admin (${SUPERADMIN.email})` }).eq('id', member.id)
  expect(withAddress.error?.code).toBe('23514')
  const fake = 'Super Admin'
  expect((await writer.from('profiles').update({ full_name: fake }).eq('id', member.id)).error).toBeNull()
  const { data: written } = await writer.from('articles').select('id, version').eq('title', `Artikel Riwayat ${tag}`).single()
  const cover = `${baseURL}/storage/v1/object/public/article_images/${member.id}/1732000000000_sampul.jpg`
  expect((await writer.from('articles').update({ cover_image_url: cover, version: written!.version }).eq('id', written!.id)).error).toBeNull()
  expect((await writer.from('profiles').update({ full_name: member.fullName }).eq('id', member.id)).error).toBeNull()
  await page.getByRole('button', { name: 'Atur Ulang' }).click()
  const edit = page.getByRole('row').filter({ hasText: 'Mengubah artikel' }).filter({ hasText: `Artikel Riwayat ${tag}` })
  await expect(edit).toContainText(member.fullName)
  await expect(edit).toContainText(member.email)
  await expect(edit).toContainText('Sampul ditambahkan')
  await expect(edit).not.toContainText('Super Admin')
  await expect(edit).not.toContainText('http')
  const renames = page.getByRole('row').filter({ hasText: 'Mengubah data profil' }).filter({ hasText: member.email })
  await expect(renames).toHaveCount(2)
  await expect(renames.nth(1)).toContainText(`Nama lengkap: ${member.fullName} → ${fake}`)

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `screenshots/admin-riwayat-${width}.png`, fullPage: width === 1440 })
    // nothing wider than the screen: no element reaches past its right edge
    const overflowing = await page.evaluate((screen) =>
      Array.from(document.body.querySelectorAll('*'))
        .filter((el) => !el.closest('[data-sonner-toaster]') && el.getBoundingClientRect().right > screen + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
    width)
    expect(overflowing).toEqual([])
  }
  await boss.context.close()
})
