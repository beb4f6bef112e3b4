import { maxUploadBytes, uploadMessages } from '@srs/shared/account';
import { humanize } from '@srs/shared/messages';
import { sharedText } from '../../i18n/shared.ts';

/** The pictures a file chooser offers; the server checks the content itself (SVG is never one). */
export const pictureTypes = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * What is wrong with a chosen file before it is sent, in the server's words, or null: too large or
 * not a picture by its type. The server checks the content again.
 */
export function pictureProblem(field: 'profile_picture' | 'background_image', file: File): string | null {
  const name = sharedText(humanize(field));
  if (file.size > maxUploadBytes) return `${name} ${sharedText(uploadMessages.tooLarge)}`;
  if (!pictureTypes.split(',').includes(file.type)) return `${name} ${sharedText(uploadMessages.notPicture)}`;
  return null;
}
