/** Every admin query lives under ['admin'], so one decision refreshes all admin views at once. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  pending: ['admin', 'pending-applications'] as const,
  sellers: ['admin', 'sellers'] as const,
  application: (applicationId: number) => ['admin', 'application', applicationId] as const,
  history: (params: object) => ['admin', 'history', params] as const,
  userHistory: (userId: number) => ['admin', 'user-history', userId] as const,
  onSaleConcerts: (keyword: string) => ['admin', 'on-sale', 'concerts', keyword] as const,
  onSale: (concertId: number) => ['admin', 'on-sale', concertId] as const,
  statistics: ['admin', 'statistics'] as const,
};
