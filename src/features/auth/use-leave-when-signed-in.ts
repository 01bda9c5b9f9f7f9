import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/lib/paths'
import { getProfileStatus } from './api/get-profile-status'
import { needsSecondStep } from './api/second-step'
import { useAuth } from './use-auth'

/**
 * /login for someone already signed in with an approved account: straight to the dashboard. A
 * pending or rejected account, a session still owing its second step (the code screen here asks
 * for it), or a status that cannot be read, keeps the form (the sign-in flow explains why).
 */
export function useLeaveWhenSignedIn(enabled: boolean) {
  const { session, loading } = useAuth()
  const navigate = useNavigate()
  const userId = session?.user.id
  useEffect(() => {
    if (!enabled || loading || !userId) return
    let current = true
    Promise.all([getProfileStatus(userId), needsSecondStep()]).then(
      ([status, owesCode]) => {
        if (current && status === 'approved' && !owesCode) void navigate(paths.admin.dashboard, { replace: true })
      },
      () => {},
    )
    return () => {
      current = false
    }
  }, [enabled, loading, userId, navigate])
}
