import { lazy, Suspense, useId } from 'react'
import { Label } from '@/components/ui/label'
import { FieldError } from '@/components/ui/field'
import type { EditorImage } from './rich-text/insert-panels'

// Tiptap and ProseMirror are the largest part of the admin code; they load when an editor opens.
const RichTextEditor = lazy(() => import('./rich-text/rich-text-editor'))

type Props = {
  initialHtml: string
  onChange: (html: string) => void
  images: EditorImage[]
  onUpload: (file: File) => Promise<string>
  title: string
  category: string
  error?: string
  disabled?: boolean
}

/** The article text: label, rich-text editor with preview, and the error under it. */
export function ArticleBodyField({ error, ...editor }: Props) {
  const id = useId()
  const labelId = `${id}-label`
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className="grid gap-2" data-slot="field" data-invalid={error ? true : undefined}>
      <Label id={labelId} onClick={() => document.getElementById(id)?.focus()}>
        Isi Artikel
      </Label>
      <Suspense
        fallback={
          <p role="status" className="flex min-h-72 items-center justify-center rounded-md border border-input text-sm text-muted-foreground">
            Memuat editor...
          </p>
        }
      >
        <RichTextEditor id={id} labelId={labelId} invalid={Boolean(error)} describedBy={errorId} {...editor} />
      </Suspense>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}
