import { useEffect } from 'react'
import { toast } from '@/lib/toast'
import { describeError } from '@/lib/error-messages'

/**
 * Tells the user once per failure that a page's data did not load: a toast whose description is the
 * error told in Indonesian (describeError logs the original), and the error in the console for whoever
 * debugs it. A new error object (a retry that failed again) shows a new toast.
 */
export function useQueryErrorToast(error: Error | null | undefined, title: string) {
  useEffect(() => {
    if (!error) return
    console.error(`${title}:`, error)
    toast.error(title, { description: describeError(error) })
  }, [error, title])
}
