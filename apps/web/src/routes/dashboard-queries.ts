/** The dashboard lists: the first 100 by name. */
export const dashboardListQuery = { page: 1, per_page: 100, sortBy: 'name', orderBy: 'asc' } as const;
/** Dashboard counts read a page size of 1 and take the total count (SPEC section 9). */
export const countQuery = { page: 1, per_page: 1 } as const;
