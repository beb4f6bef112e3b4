/**
 * What the users module offers other modules (docs/decisions/004): whom a student may be shared
 * with, the rule GET /users/share lists by.
 */
export { shareableUsersAmong } from './users.queries.ts';
