import { lazy } from 'react'
import { EditorField } from '@/components/ui/editor-field'
import type { RichTextEditorProps } from './rich-text/rich-text-editor'

// Tiptap and ProseMirror are the largest part of the admin code; they load when an editor opens.
const RichTextEditor = lazy(() => import('./rich-text/rich-text-editor'))

type Props = Omit<RichTextEditorProps, 'id' | 'labelId' | 'invalid' | 'describedBy'> & { error?: string }

/** The article text: label, rich-text editor with preview, and the error under it. */
export function ArticleBodyField({ error, ...editor }: Props) {
  return (
    <EditorField label="Isi Artikel" error={error} loadingHeight="min-h-72">
      {(ids) => <RichTextEditor {...ids} {...editor} />}
    </EditorField>
  )
}
