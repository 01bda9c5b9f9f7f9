// One key factory per resource: a mutation invalidates `queryKeys.<resource>.all`
// and every list and detail of that resource refetches.
export const queryKeys = {
  articles: {
    all: ['articles'] as const,
    lists: () => [...queryKeys.articles.all, 'list'] as const,
    list: (filter: Record<string, unknown> = {}) => [...queryKeys.articles.lists(), filter] as const,
    details: () => [...queryKeys.articles.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.articles.details(), id] as const,
  },
  galleries: {
    all: ['galleries'] as const,
    lists: () => [...queryKeys.galleries.all, 'list'] as const,
    list: (filter: Record<string, unknown> = {}) => [...queryKeys.galleries.lists(), filter] as const,
    detail: (id: string) => [...queryKeys.galleries.all, 'detail', id] as const,
    photos: (id: string) => [...queryKeys.galleries.all, 'photos', id] as const,
  },
  profiles: {
    all: ['profiles'] as const,
    lists: () => [...queryKeys.profiles.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.profiles.all, 'detail', id] as const,
    status: (id: string) => [...queryKeys.profiles.all, 'status', id] as const,
  },
  contacts: {
    all: ['contacts'] as const,
    lists: () => [...queryKeys.contacts.all, 'list'] as const,
    list: (view: string, query: string) => [...queryKeys.contacts.lists(), view, query] as const,
    unreadCount: () => [...queryKeys.contacts.all, 'unread-count'] as const,
  },
  stats: {
    all: ['stats'] as const,
  },
  unitPages: {
    all: ['unit-pages'] as const,
    profile: () => [...queryKeys.unitPages.all, 'profile'] as const,
    structure: () => [...queryKeys.unitPages.all, 'structure'] as const,
    info: (slug: string) => [...queryKeys.unitPages.all, 'info', slug] as const,
    revisions: (rowId: string) => [...queryKeys.unitPages.all, 'revisions', rowId] as const,
    trash: () => [...queryKeys.unitPages.all, 'trash'] as const,
  },
  documents: {
    all: ['documents'] as const,
    published: () => [...queryKeys.documents.all, 'published'] as const,
    admin: () => [...queryKeys.documents.all, 'admin'] as const,
    trash: () => [...queryKeys.documents.all, 'trash'] as const,
  },
  security: {
    all: ['security'] as const,
    factors: (userId: string) => [...queryKeys.security.all, 'factors', userId] as const,
    passkeys: (userId: string) => [...queryKeys.security.all, 'passkeys', userId] as const,
    settings: () => [...queryKeys.security.all, 'settings'] as const,
    secondSteps: () => [...queryKeys.security.all, 'second-steps'] as const,
  },
} as const
