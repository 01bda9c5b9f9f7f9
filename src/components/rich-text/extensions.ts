import StarterKit from '@tiptap/starter-kit'
import Link from '@tiptap/extension-link'
import Image from '@tiptap/extension-image'
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table'
import { Plugin, NodeSelection, TextSelection } from '@tiptap/pm/state'
import { closeHistory } from '@tiptap/pm/history'
import { normalizeLinkUrl } from './link-url'
import { VideoEmbed } from './video-embed'

// Cells keep only their spans: widths and alignment would be inline styles, which the public
// page strips anyway (src/lib/sanitize.ts), so the stored HTML does not carry them.
const spans = () => ({ colspan: { default: 1 }, rowspan: { default: 1 } })

/**
 * Only what an article uses: paragraphs, two heading levels, bold and italic, lists, quotes, links,
 * images, tables and undo. Everything the editor writes is plain HTML with no classes, styles or targets;
 * the public page adds target/rel to outside links when it renders (src/lib/sanitize.ts).
 */
export const articleExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    linkOnPaste: true,
    defaultProtocol: 'https',
    HTMLAttributes: { target: null, rel: null, class: null },
    isAllowedUri: (url) => normalizeLinkUrl(url) !== null,
  }),
  Image.extend({
    // Deleting a selected picture is an undo step of its own, so the 'Urungkan' the editor then
    // offers brings back the picture and nothing typed just before it.
    addKeyboardShortcuts() {
      const remove = () => {
        const { selection } = this.editor.state
        if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return false
        return this.editor.commands.command(({ tr }) => {
          closeHistory(tr).deleteSelection()
          return true
        })
      }
      return { Backspace: remove, Delete: remove }
    },
    // A clicked picture is selected as a whole; typing then goes into a new paragraph after it
    // instead of replacing it.
    addProseMirrorPlugins() {
      return [
        new Plugin({
          props: {
            handleTextInput(view, _from, _to, text) {
              const { selection, schema } = view.state
              if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return false
              const after = selection.to
              const tr = view.state.tr.insert(after, schema.nodes.paragraph.create(null, schema.text(text)))
              tr.setSelection(TextSelection.create(tr.doc, after + 1 + text.length))
              view.dispatch(tr.scrollIntoView())
              return true
            },
          },
        }),
      ]
    },
  }).configure({ inline: false, allowBase64: false }),
  // A plain <table><tbody>: no colgroup or min-width style (a header row is <th> cells in it).
  Table.extend({ renderHTML: () => ['table', {}, ['tbody', 0]] }).configure({ resizable: false }),
  TableRow,
  TableHeader.extend({ addAttributes: spans }),
  TableCell.extend({ addAttributes: spans }),
  VideoEmbed,
]
