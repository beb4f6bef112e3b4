/**
 * What the privacy module offers other modules (docs/decisions/004): an erased student stays
 * erased. A restore from an older version brings it back erased, and its profile is not edited.
 */
export { assertNotErased, erasedStudentColumns, erasureOf } from './erasure.ts';
