import { Suspense, useId } from 'react'
import { Label } from '@/components/ui/label'
import { FieldError } from '@/components/ui/field'
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
  const id = useId()
  const labelId = `${id}-label`
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className="grid gap-2" data-slot="field" data-invalid={error ? true : undefined}>
      <Label id={labelId} onClick={() => document.getElementById(id)?.focus()}>
        {label}
      </Label>
      <Suspense
        fallback={
          <p role="status" className="flex min-h-40 items-center justify-center rounded-md border border-input text-sm text-muted-foreground">
            Memuat editor...
          </p>
        }
      >
        <Editor
          id={id}
          labelId={labelId}
          initialHtml={html}
          onChange={onChange}
          images={[]}
          onUpload={onUpload}
          title={title}
          category=""
          invalid={Boolean(error)}
          describedBy={errorId}
          disabled={disabled}
        />
      </Suspense>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}
