import { supabase } from '@/lib/supabase'
import { needsSecondStep, verifySecondStep } from '@/features/auth/api/second-step'

/** Signs `email` in again with its password (an editor's expired session); true when a code is still owed. */
export async function signInAgain(email: string, password: string): Promise<{ needsCode: boolean }> {
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  return { needsCode: await needsSecondStep() }
}

export { verifySecondStep as confirmCode }
