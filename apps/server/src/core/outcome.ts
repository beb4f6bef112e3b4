import type { HttpError } from './errors.ts';

/**
 * What a security-sensitive write answers when its mail must leave even if it is refused: a
 * wrong password still tells the owner once the wrong ones pile up. `settle` (modules/mail) sends
 * the mail, then throws the refusal or answers the value.
 */
export type Outcome<T> =
  | { outboxIds: number[]; refused: HttpError; value?: undefined }
  | { outboxIds: number[]; refused: null; value: T };

export const refusal = <T>(error: HttpError, outboxIds: number[] = []): Outcome<T> => ({ outboxIds, refused: error });
export const success = <T>(value: T, outboxIds: number[] = []): Outcome<T> => ({ outboxIds, refused: null, value });
