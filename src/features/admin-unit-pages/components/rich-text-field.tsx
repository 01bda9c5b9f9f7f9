import { EditorField } from '@/components/ui/editor-field'
import type { RichTextEditorComponent } from './editor-slot'

type Props = {
  label: string
  html: string
  onChange: (html: string) => void
  onUpload: (file: File) => Promise<string>
  editor: RichTextEditorComponent
  title: string
  error?: string
  disabled?: boolean
}

/** A text of a unit page in the articles' editor, with its label and error. */
export function RichTextField({ label, html, onChange, onUpload, editor: Editor, title, error, disabled }: Props) {
  return (
    <EditorField label={label} error={error} loadingHeight="min-h-40">
      {(ids) => (
        <Editor {...ids} initialHtml={html} onChange={onChange} images={[]} onUpload={onUpload} title={title} category="" disabled={disabled} />
      )}
    </EditorField>
  )
}
