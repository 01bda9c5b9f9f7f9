import { createContext, useContext } from 'react'

/** Filled while the server renders: the status a page asks its HTML to be sent with. */
export type HttpStatusRecorder = { status?: number }

export const HttpStatusContext = createContext<HttpStatusRecorder | null>(null)

/**
 * A page that renders "not found" sets 404 for the server's answer, so crawlers never index an
 * empty page. Does nothing in the browser (no recorder there).
 */
export function useHttpStatus(status: number | undefined) {
  const recorder = useContext(HttpStatusContext)
  if (recorder && status) recorder.status = status
}
