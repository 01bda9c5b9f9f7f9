import { lazy } from 'react'

export type { RichTextEditorProps, EditorImage } from './rich-text-editor'

// Tiptap and ProseMirror are the largest part of the admin code: every screen that edits rich
// text imports the editor from here, so it loads once, when the first editor opens.
export const RichTextEditor = lazy(() => import('./rich-text-editor'))

/** Fetches the editor's chunk ahead of the first dialog that shows it (see PrefetchPages). */
export const preloadRichTextEditor = async () => {
  await import('./rich-text-editor')
}
