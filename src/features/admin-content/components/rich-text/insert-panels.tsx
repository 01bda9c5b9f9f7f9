import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { Editor } from '@tiptap/react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Field } from '@/components/ui/field'
import { LINK_URL_INVALID, normalizeLinkUrl } from '../../lib/link-url'

export type EditorImage = { url: string; label: string }

// Enter inside a panel applies the panel, never submits the article form around it.
const onEnter = (apply: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return
  event.preventDefault()
  apply()
}

/** The frame both panels share: a labelled group, its fields, then its actions ending in Batal. */
function InsertPanelFrame({
  label,
  editor,
  onDone,
  actions,
  children,
}: {
  label: string
  editor: Editor
  onDone: () => void
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="grid gap-3 border-b border-input bg-muted/30 p-3" role="group" aria-label={label}>
      {children}
      <div className="flex flex-wrap gap-2">
        {actions}
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            editor.commands.focus()
            onDone()
          }}
        >
          Batal
        </Button>
      </div>
    </div>
  )
}

export function LinkPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? ''
  const [url, setUrl] = useState(current)
  const [error, setError] = useState<string>()

  const apply = () => {
    const href = normalizeLinkUrl(url)
    if (!href) return setError(LINK_URL_INVALID)
    const chain = editor.chain().focus()
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: url.trim(), marks: [{ type: 'link', attrs: { href } }] }).run()
    } else {
      chain.extendMarkRange('link').setLink({ href }).run()
    }
    onDone()
  }

  return (
    <InsertPanelFrame
      label="Tautan"
      editor={editor}
      onDone={onDone}
      actions={
        <>
          <Button type="button" size="sm" onClick={apply}>
            Terapkan Tautan
          </Button>
          {current && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run()
                onDone()
              }}
            >
              Hapus Tautan
            </Button>
          )}
        </>
      }
    >
      <Field label="Alamat tautan" error={error}>
        {(control) => (
          <Input
            {...control}
            type="url"
            value={url}
            autoFocus
            placeholder="https://..."
            onChange={(e) => {
              setUrl(e.target.value)
              setError(undefined)
            }}
            onKeyDown={onEnter(apply)}
          />
        )}
      </Field>
    </InsertPanelFrame>
  )
}

export const ALT_REQUIRED = 'Mohon isi teks alternatif yang menjelaskan gambar.'

/** Pictures come only from the article's own stored uploads (cover and gallery). */
export function ImagePanel({ editor, images, onDone }: { editor: Editor; images: EditorImage[]; onDone: () => void }) {
  const [alt, setAlt] = useState('')
  const [error, setError] = useState<string>()
  const listLabel = useId()

  const insert = (image: EditorImage) => {
    if (!alt.trim()) return setError(ALT_REQUIRED)
    editor.chain().focus().setImage({ src: image.url, alt: alt.trim() }).run()
    onDone()
  }

  return (
    <InsertPanelFrame label="Sisipkan gambar" editor={editor} onDone={onDone}>
      {images.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Belum ada gambar tersimpan. Unggah gambar sampul atau galeri, simpan artikel, lalu sisipkan gambarnya di sini.
        </p>
      ) : (
        <>
          <Field label="Teks alternatif" error={error} description="Jelaskan isi gambar untuk pembaca yang tidak dapat melihatnya.">
            {(control) => (
              <Input
                {...control}
                value={alt}
                autoFocus
                maxLength={300}
                onChange={(e) => {
                  setAlt(e.target.value)
                  setError(undefined)
                }}
                onKeyDown={onEnter(() => images.length === 1 && insert(images[0]))}
              />
            )}
          </Field>
          <p id={listLabel} className="text-sm font-medium">
            Pilih gambar dari unggahan artikel ini
          </p>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-labelledby={listLabel}>
            {images.map((image) => (
              <li key={image.url}>
                <button
                  type="button"
                  onClick={() => insert(image)}
                  aria-label={`Sisipkan ${image.label}`}
                  className="block w-full overflow-hidden rounded-md border border-border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <img src={image.url} alt="" className="aspect-square w-full object-cover" loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </InsertPanelFrame>
  )
}
