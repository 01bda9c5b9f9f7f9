/** Database roles a verified JWT may switch to. Anything else is refused before SQL runs. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];
