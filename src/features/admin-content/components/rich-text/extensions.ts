import StarterKit from '@tiptap/starter-kit'
import Link from '@tiptap/extension-link'
import Image from '@tiptap/extension-image'
import { normalizeLinkUrl } from '../../lib/link-url'

/**
 * Only what an article uses: paragraphs, two heading levels, bold and italic, lists, quotes, links,
 * images and undo. Everything the editor writes is plain HTML with no classes, styles or targets;
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
  Image.configure({ inline: false, allowBase64: false }),
]
