import { sanitizeArticleFragment } from '@/lib/sanitize'

export type ListItem = { title: string; html: string }

const isList = (node: Element) => node.tagName === 'OL' || node.tagName === 'UL'

/**
 * The items of the lists in a text written with the rich-text editor (which wraps each item in a
 * paragraph), sanitised, so a page can lay each item out as its own card. An item of several
 * blocks has its first block as its title ('Perisai') and the rest as its text.
 */
export function listItems(html: string | null | undefined, origin?: string): ListItem[] {
  const items: ListItem[] = []
  for (const list of Array.from(sanitizeArticleFragment(html, origin).children).filter(isList)) {
    for (const item of Array.from(list.children)) {
      if (item.tagName !== 'LI') continue
      const blocks = Array.from(item.children).filter((child) => child.tagName === 'P')
      const onlyParagraphs = blocks.length === item.children.length && blocks.length === item.childNodes.length
      if (onlyParagraphs && blocks.length >= 2) {
        items.push({ title: blocks[0].textContent?.trim() ?? '', html: blocks.slice(1).map((block) => block.innerHTML).join('<br>') })
      } else if (onlyParagraphs && blocks.length === 1) {
        items.push({ title: '', html: blocks[0].innerHTML })
      } else {
        items.push({ title: '', html: item.innerHTML })
      }
    }
  }
  return items
}
