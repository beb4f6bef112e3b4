import { uploadMessages } from '@srs/shared/account';
import { hitCounter } from '../../core/counters.ts';
import { LimitReached } from '../../core/limits.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { PictureKind } from './pictures.ts';

/**
 * Pictures one user may upload in an hour. Choosing a picture takes a person a few tries (one too
 * dark, one cropped wrong); 20 is far above that, and keeps what one account can make the server
 * redraw to 20 pictures an hour, each within its pixel cap (pictures.ts).
 */
export const uploadsPerHour = 20;
const hour = 60 * 60 * 1000;

/**
 * Counts each picture of a PATCH /users/update_current in the database (every instance counts the
 * same), before anything in the request is checked: a picture refused later counts too, since its
 * header is read all the same. Past the limit, 429 with the wait in minutes.
 */
export async function countUploads(db: DbOrTx, userId: number, pictures: Partial<Record<PictureKind, unknown>>): Promise<void> {
  for (const _picture of Object.keys(pictures)) {
    const count = await hitCounter(db, `upload:${userId}`, hour);
    if (count.count > uploadsPerHour) {
      const minutes = Math.max(1, Math.ceil(count.ttlMs / 60_000));
      throw new LimitReached(uploadMessages.tooManyUploads(uploadsPerHour, minutes), count.ttlMs);
    }
  }
}
