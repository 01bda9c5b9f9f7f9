import { useRef, useState, type KeyboardEvent } from 'react'
import { useEditorState, type Editor } from '@tiptap/react'
import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Bold,
  Film,
  Grid2x2X,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Table,
  Undo2,
  type LucideIcon,
} from 'lucide-react'
import { cn } from '@/lib/utils'

export type Panel = 'link' | 'image' | 'video' | null

type Tool = {
  label: string
  icon: LucideIcon
  /** Keyboard shortcut shown in the tooltip. */
  keys?: string
  active?: (editor: Editor) => boolean
  enabled?: (editor: Editor) => boolean
  run: (editor: Editor, openPanel: (panel: Panel) => void) => void
}

const TOOLS: Tool[] = [
  { label: 'Tajuk bagian', icon: Heading2, active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'Tajuk subbagian', icon: Heading3, active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: 'Tebal', icon: Bold, keys: 'Ctrl+B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Miring', icon: Italic, keys: 'Ctrl+I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Daftar berpoin', icon: List, active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Daftar bernomor', icon: ListOrdered, active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Kutipan', icon: Quote, active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  { label: 'Tautan', icon: Link2, keys: 'Ctrl+K', active: (e) => e.isActive('link'), run: (_, open) => open('link') },
  { label: 'Sisipkan gambar', icon: ImagePlus, run: (_, open) => open('image') },
  { label: 'Sisipkan video', icon: Film, run: (_, open) => open('video') },
  { label: 'Sisipkan tabel', icon: Table, enabled: (e) => !e.isActive('table'), run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
  { label: 'Tambah baris tabel', icon: BetweenHorizontalEnd, enabled: (e) => e.can().addRowAfter(), run: (e) => e.chain().focus().addRowAfter().run() },
  { label: 'Tambah kolom tabel', icon: BetweenVerticalEnd, enabled: (e) => e.can().addColumnAfter(), run: (e) => e.chain().focus().addColumnAfter().run() },
  { label: 'Hapus tabel', icon: Grid2x2X, enabled: (e) => e.can().deleteTable(), run: (e) => e.chain().focus().deleteTable().run() },
  { label: 'Urungkan', icon: Undo2, keys: 'Ctrl+Z', enabled: (e) => e.can().undo(), run: (e) => e.chain().focus().undo().run() },
  { label: 'Ulangi', icon: Redo2, keys: 'Ctrl+Shift+Z', enabled: (e) => e.can().redo(), run: (e) => e.chain().focus().redo().run() },
]

// A little space after the lists and quote, the link and picture, and the table tools.
const GROUP_ENDS = new Set(['Kutipan', 'Sisipkan video', 'Hapus tabel'].map((label) => TOOLS.findIndex((tool) => tool.label === label)))

/**
 * The formatting buttons as one WAI-ARIA toolbar: a single Tab stop, arrow keys move between
 * buttons, so a keyboard user reaches the text with one Tab.
 */
export function Toolbar({ editor, disabled, onPanel }: { editor: Editor; disabled?: boolean; onPanel: (panel: Panel) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      TOOLS.map((tool) => ({ active: tool.active?.(e) ?? false, enabled: tool.enabled?.(e) ?? true })),
  })
  const [focusIndex, setFocusIndex] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  // Undo and redo come and go; the Tab stop never rests on a disabled button.
  const tabStop = state[focusIndex]?.enabled ? focusIndex : 0

  const move = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' || event.key === 'Home' ? 1 : event.key === 'ArrowLeft' || event.key === 'End' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const count = TOOLS.length
    let next = event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : (tabStop + step + count) % count
    while (!state[next].enabled) next = (next + step + count) % count
    setFocusIndex(next)
    buttons.current[next]?.focus()
  }

  return (
    <div
      role="toolbar"
      aria-label="Format teks"
      aria-controls={editor.view.dom.id || undefined}
      onKeyDown={move}
      className="flex flex-wrap gap-0.5 p-1"
    >
      {TOOLS.map((tool, index) => {
        const Icon = tool.icon
        const { active, enabled } = state[index]
        return (
          <button
            key={tool.label}
            ref={(el) => {
              buttons.current[index] = el
            }}
            type="button"
            tabIndex={index === tabStop ? 0 : -1}
            aria-label={tool.label}
            title={tool.keys ? `${tool.label} (${tool.keys})` : tool.label}
            aria-pressed={tool.active ? active : undefined}
            disabled={disabled || !enabled}
            onFocus={() => setFocusIndex(index)}
            onClick={() => tool.run(editor, onPanel)}
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-md text-foreground/80 outline-none hover:bg-background hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-40',
              active && 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
              GROUP_ENDS.has(index) && 'mr-1',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        )
      })}
    </div>
  )
}
