import { uploadMessages } from '@srs/shared/account';
import sharp from 'sharp';
import { invalid } from '../../core/errors.ts';

/** What an upload is for, and how it is kept: a square picture for the header, a page-wide background. */
export type PictureKind = 'profile_picture' | 'background_image';

/** Formats read from an upload's bytes, whatever its name or stated type says. No SVG: it can carry script. */
const readable = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
/** A picture larger than this many pixels is refused before it is decoded (about 8,000 × 5,000). */
const maxInputPixels = 40_000_000;

/**
 * An uploaded picture checked by its content and drawn again before it is kept: decoded (a file
 * that is no picture, or a broken one, is refused with `field`'s message), turned upright, scaled
 * (a profile picture to 256 × 256, a background to at most 2560 × 1600) and written as WebP. What
 * the camera wrote into the file (the place a photo was taken, the device) is not kept.
 */
export async function redrawPicture(
  field: PictureKind,
  bytes: Buffer,
): Promise<{ data: Buffer; contentType: string }> {
  const refuse = () => invalid({ [field]: [uploadMessages.notPicture] });
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata()).format;
  } catch {
    throw refuse();
  }
  if (!format || !readable.has(format)) throw refuse();
  try {
    const image = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
    const sized =
      field === 'profile_picture'
        ? image.resize(256, 256, { fit: 'cover' })
        : image.resize(2560, 1600, { fit: 'inside', withoutEnlargement: true });
    return { data: await sized.webp({ quality: 82 }).toBuffer(), contentType: 'image/webp' };
  } catch {
    throw refuse();
  }
}
