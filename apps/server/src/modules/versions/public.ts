/**
 * What the versions module offers the rest of the server (docs/decisions/004): a missing student's
 * or enrollment's deletion, told to those who saw it (the record-scope plugin's 404, issue 25).
 */
export { deletedRecord } from './deleted-records.ts';
