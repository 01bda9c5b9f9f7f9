import { EditorField } from '@/components/ui/editor-field'
import { RichTextEditor } from '@/components/rich-text'

type Props = {
  label: string
  html: string
  onChange: (html: string) => void
  onUpload: (file: File) => Promise<string>
  title: string
  error?: string
  disabled?: boolean
}

/** A text of a unit page in the shared rich-text editor, with its label and error. */
export function RichTextField({ label, html, onChange, onUpload, title, error, disabled }: Props) {
  return (
    <EditorField label={label} error={error} loadingHeight="min-h-40">
      {(ids) => (
        <RichTextEditor {...ids} initialHtml={html} onChange={onChange} images={[]} onUpload={onUpload} title={title} category="" disabled={disabled} />
      )}
    </EditorField>
  )
}
