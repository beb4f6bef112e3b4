/**
 * What the users module offers other modules (docs/decisions/004): whom a student may be shared
 * with, the rule GET /users/share lists by; creating a user (approving a request for an account)
 * and the welcome email's context; writing a user (the signed-in user's own account).
 */
export { shareableUsersAmong } from './users.queries.ts';
export {
  createUserIn,
  isEmailTaken,
  secondFactorOff,
  updateUserRow,
  userTransaction,
  type WelcomeContext,
  welcomeContextOf,
} from './users.service.ts';
