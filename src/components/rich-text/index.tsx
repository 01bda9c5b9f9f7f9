import { lazy } from 'react'

export type { RichTextEditorProps, EditorImage } from './rich-text-editor'

// Tiptap and ProseMirror are the largest part of the admin code: every screen that edits rich
// text imports the editor from here, so it loads once, when the first editor opens.
export const RichTextEditor = lazy(() => import('./rich-text-editor'))
