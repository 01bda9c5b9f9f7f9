export { AuthProvider, isAlreadySignedOutError } from './auth-provider'
export { useAuth } from './use-auth'
export type { AuthContextValue, AuthResult, SignUpData } from './auth-context'
