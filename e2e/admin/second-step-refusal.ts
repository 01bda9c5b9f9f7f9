import type { BrowserContext } from '@playwright/test'

/** PostgREST's answer to an insert that the restrictive policy refuses (PostgreSQL's own wording). */
export function secondStepRefusal(table: string) {
  return {
    code: '42501',
    details: null,
    hint: null,
    message: `new row violates row-level security policy "Second step for writes" for table "${table}"`,
  }
}

/**
 * 'Wajibkan' by the superadmin, as this browser reads it: set `required` to turn it on. The setting
 * is one row for the whole site; turning it on for real would lock out the admins of specs running
 * in parallel (the database's refusal itself is tested in tests/auth/mfa-enforcement.test.ts).
 */
export async function secondStepSetting(context: BrowserContext): Promise<{ required: boolean }> {
  const state = { required: false }
  await context.route('**/rest/v1/security_settings*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ mfa_required_for_staff: state.required }) }),
  )
  return state
}
