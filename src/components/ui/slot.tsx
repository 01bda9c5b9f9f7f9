import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react'

type Props = Record<string, unknown> & { children?: ReactNode }

function composeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    }
  }
}

/**
 * `asChild`: renders its one child element with this component's props merged in (classes joined,
 * handlers both called, the child's first, refs both set), as Radix's Slot does. Ours is ~0.3 kB
 * instead of 1.5 kB gzip on every page.
 */
export function Slot({ children, ...slotProps }: Props) {
  if (!isValidElement(children)) return null
  const child = children as ReactElement<Props>
  const merged: Props = { ...slotProps, ...child.props }
  for (const key of Object.keys(slotProps)) {
    const mine = slotProps[key]
    const theirs = child.props[key]
    if (/^on[A-Z]/.test(key) && typeof mine === 'function' && typeof theirs === 'function') {
      merged[key] = (...args: unknown[]) => {
        const result = theirs(...args)
        mine(...args)
        return result
      }
    } else if (key === 'className' && theirs) merged.className = [mine, theirs].filter(Boolean).join(' ')
    else if (key === 'style' && theirs) merged.style = { ...(mine as object), ...(theirs as object) }
    else if (key === 'ref' && theirs) merged.ref = composeRefs(mine as Ref<unknown>, theirs as Ref<unknown>)
  }
  return cloneElement(child, merged)
}
