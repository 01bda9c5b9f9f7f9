import type { Node } from '@tiptap/pm/model'
import type { Transaction } from '@tiptap/pm/state'

function countImages(doc: Node): number {
  let count = 0
  doc.descendants((node) => {
    if (node.type.name === 'image') count++
  })
  return count
}

/**
 * How many pictures this edit took out of the text. An undo or redo does not count: putting a
 * picture back, or taking it out again on purpose, needs no offer to undo it.
 */
export function removedImages(transaction: Transaction): number {
  if (!transaction.docChanged || transaction.getMeta('history$')) return 0
  return Math.max(0, countImages(transaction.before) - countImages(transaction.doc))
}
