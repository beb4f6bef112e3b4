import { availableParallelism } from 'node:os';
import { uploadMessages } from '@srs/shared/account';
import sharp, { type Metadata } from 'sharp';
import { invalid } from '../../core/errors.ts';
import { semaphore } from '../../core/semaphore.ts';

/** What an upload is for, and how it is kept: a square picture for the header, a page-wide background. */
export type PictureKind = 'profile_picture' | 'background_image';

/** Formats read from an upload's bytes, whatever its name or stated type says. No SVG: it can carry script. */
const readable = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

/**
 * The most pixels a picture of each kind may have, said as width × height (it is their product
 * that counts, so a photo fits either way round). Decoding costs in proportion to the pixels, and
 * a small file can claim many (a PNG of 6,000 × 6,000 fits in 120 KB and took 0.2 to 1.2 s of CPU
 * to redraw), so each cap is what its use can show, but never below what a phone takes: 12 MP
 * (4,032 × 3,024) and the 16 MP of some (4,608 × 3,456 = 15.9 MP) fit both.
 * - The profile picture is drawn at 256 × 256: more than a phone's photo would only cost.
 * - The background is drawn at most 2,560 × 1,600: twice that each way, beyond which nothing
 *   more of the picture would ever be seen.
 * A picture over its cap is refused from its header, before any of it is decoded.
 */
export const pictureCaps: Record<PictureKind, { width: number; height: number }> = {
  profile_picture: { width: 4096, height: 4096 },
  background_image: { width: 5120, height: 3200 },
};

/**
 * Redraws running at once in this process: one, or two where there are four cores or more, so
 * that a burst of uploads leaves half the cores to everyone else's requests (each redraw may
 * itself use more than one core for a moment: libvips's own threads).
 */
const redraws = semaphore(Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2))));

/**
 * An uploaded picture checked by its content and drawn again before it is kept: its header read
 * (a file that is no picture, or a broken one, is refused with `field`'s message; one with more
 * pixels than its cap, with the cap), then decoded, turned upright, scaled (a profile picture to
 * 256 × 256, a background to at most 2560 × 1600) and written as WebP. What the camera wrote into
 * the file (the place a photo was taken, the device) is not kept.
 */
export async function redrawPicture(
  field: PictureKind,
  bytes: Buffer,
): Promise<{ data: Buffer; contentType: string }> {
  const refuse = () => invalid({ [field]: [uploadMessages.notPicture] });
  const cap = pictureCaps[field];
  let header: Metadata;
  try {
    // Reads the header only; the size is checked here rather than by sharp, to say the cap in words.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse();
  }
  if (!header.format || !readable.has(header.format)) throw refuse();
  if ((header.width ?? 0) * (header.height ?? 0) > cap.width * cap.height) {
    throw invalid({ [field]: [uploadMessages.tooManyPixels(cap.width, cap.height)] });
  }
  return redraws.run(async () => {
    try {
      // The cap again at decoding: a file whose header and pictures disagree stops there too.
      const image = sharp(bytes, { limitInputPixels: cap.width * cap.height, failOn: 'error' }).rotate();
      const sized =
        field === 'profile_picture'
          ? image.resize(256, 256, { fit: 'cover' })
          : image.resize(2560, 1600, { fit: 'inside', withoutEnlargement: true });
      return { data: await sized.webp({ quality: 82 }).toBuffer(), contentType: 'image/webp' };
    } catch {
      throw refuse();
    }
  });
}
