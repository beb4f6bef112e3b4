/**
 * What the schools module offers other modules (docs/decisions/004): who may place a new student
 * in a school, the rule POST /students applies and GET /schools/{id} reports.
 */
export { schoolRules } from './school-rules.ts';
