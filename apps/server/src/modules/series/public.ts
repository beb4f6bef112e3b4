/**
 * What the series module offers other modules (docs/decisions/004): what a school offers, the
 * one rule behind enrolling, the pickers, a new student's series and the orphaning of a move.
 */
export { offeredBySql } from './series-lookups.queries.ts';
