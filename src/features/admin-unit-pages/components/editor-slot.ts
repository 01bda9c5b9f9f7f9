import type { ComponentType } from 'react'

/**
 * The articles' rich-text editor, handed in by src/app (a feature does not import another):
 * the props this screen gives it.
 */
export type RichTextEditorComponent = ComponentType<{
  id: string
  labelId: string
  initialHtml: string
  onChange: (html: string) => void
  images: { url: string; label: string }[]
  onUpload: (file: File) => Promise<string>
  title: string
  category: string
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
}>
