import type { z } from 'zod'

/** The first message per top-level field of a failed parse, in the shape a form keeps in state. */
export function fieldErrors<T>(error: z.ZodError<T>): Partial<Record<keyof T & string, string>> {
  const errors: Partial<Record<string, string>> = {}
  for (const issue of error.issues) {
    const key = issue.path[0]
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message
  }
  return errors as Partial<Record<keyof T & string, string>>
}
