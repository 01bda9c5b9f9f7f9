import { useId, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react'
import type { CommandProps, Editor } from '@tiptap/react'
import { TextSelection } from '@tiptap/pm/state'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Field } from '@/components/ui/field'
import { LINK_URL_INVALID, normalizeLinkUrl } from './link-url'
import { isImageFile, messageOf } from '@/lib/picked-files'
import { FilePicker } from './file-picker'

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
  busy = false,
  children,
}: {
  label: string
  editor: Editor
  onDone: () => void
  actions?: ReactNode
  busy?: boolean
  children: ReactNode
}) {
  return (
    <div className="grid gap-3 border-b border-input bg-muted/30 p-3" role="group" aria-label={label} aria-busy={busy}>
      {children}
      <div className="flex flex-wrap gap-2">
        {actions}
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={busy}
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

// A new picture is left selected, so the next key or insert would replace it: writing goes on in
// the paragraph below it (made if there is none).
const cursorBelowPicture = ({ tr }: CommandProps) => {
  const after = tr.selection.to
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph.create())
  tr.setSelection(TextSelection.create(tr.doc, after + 1))
  return true
}

export const ALT_REQUIRED = 'Mohon isi teks alternatif yang menjelaskan gambar.'

type ImagePanelProps = {
  editor: Editor
  images: EditorImage[]
  /** Stores a newly picked picture and answers its URL; throws with a message the user can read. */
  onUpload: (file: File) => Promise<string>
  onDone: () => void
}

/** Pictures come from the article's own uploads: cover, gallery, or one uploaded here. */
export function ImagePanel({ editor, images, onUpload, onDone }: ImagePanelProps) {
  const [alt, setAlt] = useState('')
  const [error, setError] = useState<string>()
  const [uploading, setUploading] = useState(false)
  const listLabel = useId()
  const pickerId = useId()

  const insert = (url: string) => {
    if (!alt.trim()) return setError(ALT_REQUIRED)
    editor.chain().focus().setImage({ src: url, alt: alt.trim() }).command(cursorBelowPicture).run()
    onDone()
  }

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!alt.trim()) return setError(ALT_REQUIRED)
    if (!(await isImageFile(file))) {
      toast.error('Upload Gagal', { description: `${file.name} bukan file gambar.` })
      return
    }
    setUploading(true)
    try {
      insert(await onUpload(file))
    } catch (uploadError) {
      toast.error('Upload Gagal', { description: `${file.name}: ${messageOf(uploadError)}` })
    } finally {
      setUploading(false)
    }
  }

  return (
    <InsertPanelFrame label="Sisipkan gambar" editor={editor} onDone={onDone} busy={uploading}>
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
            onKeyDown={onEnter(() => images.length === 1 && insert(images[0].url))}
          />
        )}
      </Field>
      {images.length > 0 && (
        <>
          <p id={listLabel} className="text-sm font-medium">
            Pilih gambar dari unggahan artikel ini
          </p>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-labelledby={listLabel}>
            {images.map((image) => (
              <li key={image.url}>
                <button
                  type="button"
                  onClick={() => insert(image.url)}
                  disabled={uploading}
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
      <FilePicker
        id={pickerId}
        label="Unggah gambar untuk isi artikel"
        buttonText={images.length > 0 ? 'Unggah Gambar Lain' : 'Unggah Gambar'}
        hint="PNG, JPEG atau WebP, maks. 5 MB. Dihapus lagi bila artikel tidak disimpan."
        onChange={upload}
        disabled={uploading}
      />
      {uploading && (
        <p role="status" className="text-sm text-muted-foreground">
          Mengunggah gambar...
        </p>
      )}
    </InsertPanelFrame>
  )
}
