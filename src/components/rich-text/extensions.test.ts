// @vitest-environment jsdom
import { Editor } from '@tiptap/core'
import { describe, expect, it } from 'vitest'
import { sanitizeArticleHtml } from '@/lib/sanitize'
import { articleExtensions } from './extensions'
import { cleanPastedHtml } from './clean-paste'
import { removedImages } from './removed-images'

/** What the editor writes back when an article is opened and saved without a change. */
function reSaved(html: string): string {
  const editor = new Editor({ extensions: articleExtensions, content: html })
  const out = editor.getHTML()
  editor.destroy()
  return out
}

const OLD_ARTICLE =
  '<p>Susunan tim:</p>' +
  '<table class="MsoTable" style="width:100%" border="1"><colgroup><col style="width:200px"></colgroup>' +
  '<thead><tr><th>Nama</th><th style="text-align:center">Jabatan</th></tr></thead>' +
  '<tbody><tr><td>Letkol Cpn A</td><td onclick="alert(1)">Komandan</td></tr>' +
  '<tr><td colspan="2">Cadangan: <strong>dua</strong> awak</td></tr></tbody></table>'

const STORED =
  '<p>Susunan tim:</p>' +
  '<table><tbody><tr><th><p>Nama</p></th><th><p>Jabatan</p></th></tr>' +
  '<tr><td><p>Letkol Cpn A</p></td><td><p>Komandan</p></td></tr>' +
  '<tr><td colspan="2"><p>Cadangan: <strong>dua</strong> awak</p></td></tr></tbody></table>'

describe('tables in the article editor', () => {
  it('an old article\'s table survives opening and saving, without styles, classes or handlers', () => {
    expect(reSaved(OLD_ARTICLE)).toBe(STORED)
    // and saving again changes nothing
    expect(reSaved(STORED)).toBe(STORED)
  })

  it('the public page renders what the editor stores as it is (same sanitizer on server and browser)', () => {
    expect(sanitizeArticleHtml(STORED)).toBe(STORED)
  })

  it('a table pasted from a word processor keeps its rows, cells and spans', () => {
    const pasted = cleanPastedHtml(
      '<table class="MsoTableGrid" style="border:none"><tr><td width="120" style="mso-x"><p class="MsoNormal">Jam<o:p></o:p></p></td>' +
        '<td rowspan="2"><p>07.00</p></td></tr><tr><td>Lokasi</td></tr></table>',
      () => false,
    )
    expect(reSaved(pasted)).toBe(
      '<table><tbody><tr><td><p>Jam</p></td><td rowspan="2"><p>07.00</p></td></tr><tr><td><p>Lokasi</p></td></tr></tbody></table>',
    )
  })
})

describe('a selected picture', () => {
  it('is not replaced by typing: the text goes into a paragraph after it', () => {
    const editor = new Editor({ extensions: articleExtensions, content: '<p>Awal</p><img src="https://x.example/a.png" alt="Foto">' })
    const imagePos = editor.state.doc.child(0).nodeSize
    editor.commands.setNodeSelection(imagePos)
    const handled = editor.view.someProp('handleTextInput', (f) => f(editor.view, imagePos, imagePos + 1, 'Teks', () => editor.state.tr))
    expect(handled).toBe(true)
    // the editor's trailing empty paragraph is not stored (rich-text-editor.tsx storedHtml)
    expect(editor.getHTML().replace(/(<p><\/p>)+$/, '')).toBe('<p>Awal</p><img src="https://x.example/a.png" alt="Foto"><p>Teks</p>')
    editor.destroy()
  })
})

describe('a deleted picture', () => {
  it('is reported as removed so the editor offers Urungkan, and the undo itself is not', () => {
    const editor = new Editor({ extensions: articleExtensions, content: '<p>Awal</p><img src="https://x.example/a.png" alt="Foto"><p>Akhir</p>' })
    const seen: number[] = []
    editor.on('update', ({ transaction }) => seen.push(removedImages(transaction)))
    const imagePos = editor.state.doc.child(0).nodeSize
    editor.commands.setNodeSelection(imagePos)
    editor.commands.deleteSelection()
    expect(editor.getHTML()).not.toContain('<img')
    editor.commands.undo()
    expect(editor.getHTML()).toContain('<img src="https://x.example/a.png" alt="Foto">')
    editor.commands.setTextSelection(editor.state.doc.content.size - 1)
    editor.commands.insertContent('x')
    expect(seen).toEqual([1, 0, 0])
    editor.destroy()
  })
})

describe('deleting a selected picture with the keyboard', () => {
  it('is its own undo step: undoing it keeps what was typed just before', () => {
    const editor = new Editor({ extensions: articleExtensions, content: '<p>Awal</p><img src="https://x.example/a.png" alt="Foto"><p>Akhir</p>' })
    const imagePos = editor.state.doc.child(0).nodeSize
    editor.commands.setNodeSelection(imagePos)
    editor.view.someProp('handleTextInput', (f) => f(editor.view, imagePos, imagePos + 1, 'Teks', () => editor.state.tr))
    editor.commands.setNodeSelection(imagePos)
    const handled = editor.view.someProp('handleKeyDown', (f) => f(editor.view, new KeyboardEvent('keydown', { key: 'Delete' })))
    expect(handled).toBe(true)
    expect(editor.getHTML()).toBe('<p>Awal</p><p>Teks</p><p>Akhir</p>')
    editor.commands.undo()
    expect(editor.getHTML()).toBe('<p>Awal</p><img src="https://x.example/a.png" alt="Foto"><p>Teks</p><p>Akhir</p>')
    editor.destroy()
  })
})
