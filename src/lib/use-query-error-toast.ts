import { useEffect } from 'react'
import { toast } from '@/lib/toast'

/**
 * Tells the user once per failure that a page's data did not load: a toast whose description is the
 * error told in Indonesian (describeError logs the original), and the error in the console for whoever
 * debugs it. A new error object (a retry that failed again) shows a new toast. The wording tables load
 * with the first failure: public pages use this hook, and their readers almost never see one.
 */
export function useQueryErrorToast(error: Error | null | undefined, title: string) {
  useEffect(() => {
    if (!error) return
    console.error(`${title}:`, error)
    void import('@/lib/error-messages').then(({ describeError }) => toast.error(title, { description: describeError(error) }))
  }, [error, title])
}
