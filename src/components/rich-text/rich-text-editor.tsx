import { useEffect, useMemo, useRef, useState } from 'react'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import { Eye, PencilLine, Undo2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { sanitizeArticleHtml } from '@/lib/sanitize'
import { cn } from '@/lib/utils'
import { articleExtensions } from './extensions'
import { cleanPastedHtml } from './clean-paste'
import { ImagePanel, LinkPanel, type EditorImage } from './insert-panels'
import { Toolbar, type Panel } from './toolbar'
import { VideoPanel } from './video-panel'
import { removedImages } from './removed-images'

export type { EditorImage }

export type RichTextEditorProps = {
  /** id of the editable area, and of the element that labels it. */
  id: string
  labelId: string
  /** The stored HTML at opening; later changes of this prop are not pushed back in. */
  initialHtml: string
  /** Clean HTML, or '' when nothing is written. */
  onChange: (html: string) => void
  images: EditorImage[]
  onUpload: (file: File) => Promise<string>
  /** What the preview shows above the text, as the public page does. */
  title: string
  category: string
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
}

// The editor keeps an empty paragraph after a closing list, quote or picture so the cursor can
// get below it; the stored article does not need it.
const storedHtml = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, ''))

export default function RichTextEditor({ id, labelId, initialHtml, onChange, images, onUpload, title, category, invalid, describedBy, disabled }: RichTextEditorProps) {
  const [panel, setPanel] = useState<Panel>(null)
  const [previewing, setPreviewing] = useState(false)
  // A picture deleted from the text is offered back at once, until the next edit.
  const [pictureRemoved, setPictureRemoved] = useState(false)
  // The editor is created once; its paste and update handlers read the latest props through refs.
  const imageUrls = useRef(new Set<string>())
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
    imageUrls.current = new Set(images.map((image) => image.url))
  }, [onChange, images])

  const attributes = useMemo(
    () => ({
      id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      ...(invalid ? { 'aria-invalid': 'true' } : {}),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      // a picture shows at a working size while editing, whatever its pixel size
      class:
        'article-content [&>*:first-child]:mt-0 min-h-64 max-h-[60vh] overflow-y-auto px-3 py-3 outline-none md:text-base [&_img]:h-auto [&_img]:max-h-72 [&_img]:w-auto [&_img]:max-w-full',
    }),
    [id, labelId, invalid, describedBy],
  )

  const editor = useEditor({
    extensions: articleExtensions,
    content: initialHtml,
    editorProps: {
      attributes,
      transformPastedHTML: (html) => cleanPastedHtml(html, (src) => imageUrls.current.has(src)),
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          setPanel('link')
          return true
        }
        return false
      },
    },
    onUpdate: ({ editor: e, transaction }) => {
      setPictureRemoved(removedImages(transaction) > 0)
      onChangeRef.current(storedHtml(e))
    },
  })

  // ProseMirror owns the text element and its attributes: changes go through the editor's props,
  // which also holds them until the view is mounted (the view may not exist yet on first render).
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes } })
  }, [editor, attributes])

  useEffect(() => {
    // No update event: locking the editor while saving changes nothing in the text.
    editor?.setEditable(!disabled, false)
  }, [editor, disabled])

  const previewHtml = useMemo(
    () => (previewing && editor ? sanitizeArticleHtml(storedHtml(editor)) : ''),
    [previewing, editor],
  )

  if (!editor) return null

  return (
    <div
      className={cn(
        'overflow-hidden rounded-md border border-input bg-white shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
        invalid && 'border-destructive',
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-input bg-muted/50 pr-1">
        {previewing ? (
          <p className="px-3 py-2 text-sm font-medium">Pratinjau seperti dilihat pengunjung</p>
        ) : (
          <Toolbar editor={editor} disabled={disabled} onPanel={setPanel} />
        )}
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-pressed={previewing}
          onClick={() => {
            setPreviewing(!previewing)
            setPanel(null)
          }}
        >
          {previewing ? <PencilLine aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {previewing ? 'Tulis' : 'Pratinjau'}
        </Button>
      </div>
      {!previewing && panel === 'link' && <LinkPanel editor={editor} onDone={() => setPanel(null)} />}
      {!previewing && panel === 'video' && <VideoPanel editor={editor} onDone={() => setPanel(null)} />}
      {!previewing && panel === 'image' && <ImagePanel editor={editor} images={images} onUpload={onUpload} onDone={() => setPanel(null)} />}
      {!previewing && pictureRemoved && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 border-b border-input bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span>Gambar dihapus dari isi artikel.</span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={disabled}
            onClick={() => {
              editor.chain().focus().undo().run()
              setPictureRemoved(false)
            }}
          >
            <Undo2 aria-hidden="true" />
            Urungkan
          </Button>
        </div>
      )}
      <div hidden={previewing}>
        <EditorContent editor={editor} />
      </div>
      {previewing && (
        <div className="max-h-[60vh] overflow-y-auto px-4 py-4" data-testid="article-preview">
          {category && (
            <p className="inline-flex rounded-full bg-army px-3 py-1 text-xs font-bold tracking-widest text-white uppercase">{category}</p>
          )}
          <p className="mt-3 text-2xl leading-tight font-black">{title || 'Tanpa judul'}</p>
          {previewHtml ? (
            <div className="article-content mt-6 [&>*:first-child]:mt-0" dangerouslySetInnerHTML={{ __html: previewHtml }} />
          ) : (
            <p className="mt-6 text-muted-foreground">Belum ada isi artikel.</p>
          )}
        </div>
      )}
    </div>
  )
}
