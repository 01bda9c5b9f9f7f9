import { Suspense, useId, type ReactNode } from 'react'
import { Label } from './label'
import { FieldError } from './field'

/** What a rich-text editor inside the field needs to be labelled and described. */
export type EditorFieldIds = { id: string; labelId: string; invalid: boolean; describedBy?: string }

/**
 * A field whose control is a lazily loaded rich-text editor: its label (which focuses the editor),
 * a loading placeholder of the editor's height while its code arrives, and the error under it.
 */
export function EditorField({
  label,
  error,
  loadingHeight,
  children,
}: {
  label: ReactNode
  error?: string
  /** Tailwind min-height class of the placeholder, the editor's own height. */
  loadingHeight: string
  children: (ids: EditorFieldIds) => ReactNode
}) {
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
          <p role="status" className={`flex ${loadingHeight} items-center justify-center rounded-md border border-input text-sm text-muted-foreground`}>
            Memuat editor...
          </p>
        }
      >
        {children({ id, labelId, invalid: Boolean(error), describedBy: errorId })}
      </Suspense>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}
