import { createContext, useContext } from 'react'

/** Given while the server renders: takes the status a page asks its HTML to be sent with. */
export type HttpStatusRecorder = (status: number) => void

export const HttpStatusContext = createContext<HttpStatusRecorder | null>(null)

/**
 * A page that renders "not found" sets 404 for the server's answer, so crawlers never index an
 * empty page. Does nothing in the browser (no recorder there).
 */
export function useHttpStatus(status: number | undefined) {
  const record = useContext(HttpStatusContext)
  if (record && status) record(status)
}
