/** Whether this browser can use a security key or the device's own authenticator (WebAuthn). */
export function securityKeySupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

type CeremonyError = { name?: string; code?: string; status?: number; __isWebAuthnError?: boolean }

/**
 * The refusals of a security-key ceremony told in Indonesian: the browser's (cancelled, timed
 * out, a key already registered) and the server's (a key it does not know answers 500, as GoTrue
 * does). Anything else passes through to describeError.
 */
export function securityKeyFailure(error: unknown): unknown {
  const e = (error ?? {}) as CeremonyError
  if (e.name === 'InvalidStateError' || e.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new Error('Kunci keamanan ini sudah terdaftar di akun Anda.')
  }
  if (e.__isWebAuthnError || e.name === 'NotAllowedError' || e.name === 'AbortError') {
    return new Error('Kunci keamanan tidak digunakan atau waktunya habis. Silakan coba lagi.')
  }
  if (e.status === 500 && e.code === 'unexpected_failure') {
    return new Error('Kunci keamanan tidak dikenali. Gunakan kunci yang terdaftar di akun ini lalu coba lagi.')
  }
  return error
}
