import { useContext, useEffect, useState, type Context, type Dispatch, type RefObject, type SetStateAction } from 'react'
import { readSsrState } from './ssr-state'

const consumed = new Set<string>()

/**
 * What a form posted without JavaScript came back with (a refusal the page shows): in the
 * server's render from `context`, in the browser from the state the server handed over under
 * `stateKey`, once (coming back to the page later in the same visit starts with a clean form).
 */
export function usePostedOutcome<T>(context: Context<T | null>, stateKey: string): T | null {
  const fromRender = useContext(context)
  const [outcome] = useState(() => {
    if (fromRender) return fromRender
    if (consumed.has(stateKey) || typeof window === 'undefined') return null
    return (readSsrState<Record<string, T>>()?.[stateKey] as T | undefined) ?? null
  })
  useEffect(() => {
    consumed.add(stateKey)
  }, [stateKey])
  return outcome
}

/**
 * Keeps what was typed into the server-rendered form before the app took it over: on mount, each
 * field of `values` takes the form's own value when it differs.
 */
export function useKeepTypedValues<T extends Record<string, string>>(form: RefObject<HTMLFormElement | null>, setValues: Dispatch<SetStateAction<T>>) {
  useEffect(() => {
    const typed = form.current ? new FormData(form.current) : null
    if (!typed) return
    setValues((current) => {
      const next = { ...current }
      for (const field of Object.keys(current) as (keyof T & string)[]) {
        const value = typed.get(field)
        if (typeof value === 'string' && value !== current[field]) next[field] = value as T[keyof T & string]
      }
      return next
    })
  }, [form, setValues])
}
