import { supabase } from '@/lib/supabase'
import { needsSecondStep, secondStepMethods, verifySecondStep, verifyWithSecurityKey } from '@/features/auth/api/second-step'

/** Signs `email` in again with its password (an editor's expired session); true when a code is still owed. */
export async function signInAgain(email: string, password: string): Promise<{ needsCode: boolean }> {
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  return { needsCode: await needsSecondStep() }
}

export { secondStepMethods, verifySecondStep as confirmCode, verifyWithSecurityKey as confirmWithKey }
