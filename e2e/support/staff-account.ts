/** The staff accounts the journeys' and screens' seeding makes at each demo store (an owner each). */
export const STAFF_PHONES = {
  pizzaria: process.env.E2E_STAFF_PHONE ?? '11955550100',
  sakura: process.env.E2E_SAKURA_STAFF_PHONE ?? '11955550101',
} as const;
export const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'equipe-e2e-senha';
