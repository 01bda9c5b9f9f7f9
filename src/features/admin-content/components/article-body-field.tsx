import { EditorField } from '@/components/ui/editor-field'
import { RichTextEditor, type RichTextEditorProps } from '@/components/rich-text'

type Props = Omit<RichTextEditorProps, 'id' | 'labelId' | 'invalid' | 'describedBy'> & { error?: string }

/** The article text: label, rich-text editor with preview, and the error under it. */
export function ArticleBodyField({ error, ...editor }: Props) {
  return (
    <EditorField label="Isi Artikel" error={error} loadingHeight="min-h-72">
      {(ids) => <RichTextEditor {...ids} {...editor} />}
    </EditorField>
  )
}
