import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) through the maintained `otpauth` package: SHA-1,
 * 6 digits, 30-second steps, as every authenticator app reads them from an otpauth:// address.
 * Here only what the product adds: a code is used once, and the recovery codes.
 */
export const totpStepSeconds = 30;
const issuer = 'Student Records System';

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: totpStepSeconds });

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The code of a secret at a time (what the app shows then). */
export const totpAt = (secret: string, at: Date) => totpOf(secret).generate({ timestamp: at.getTime() });

/**
 * The step a code matches, one step either side of now allowed for a clock a little off, or null.
 * A step at or before `usedStep` is refused: a code seen once cannot sign in again.
 */
export function matchTotp(secret: string, code: string, at: Date, usedStep: number | null): number | null {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: typed, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: at.getTime() }) + delta;
  return usedStep !== null && step <= usedStep ? null : step;
}

/** The address an authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, account: string) => totpOf(secret, account).toString();

/**
 * Ten recovery codes, each used once: 16 characters of Crockford's base32 (80 bits),
 * 'k7q2-9fxm-c4hd-w8tz'. Guessing one online is hopeless, and so is offline from its salted hash.
 */
const crockford = '0123456789abcdefghjkmnpqrstvwxyz';
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(16)].map((byte) => crockford[byte & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** As typed: any case, with or without dashes or spaces; o read as 0, i and l as 1 (Crockford). */
const normalised = (code: string) =>
  code.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${normalised(code)}`).digest('hex');

/** A recovery code as kept: 's1$<salt>$<hash>', the hash salted per code. */
export function recoveryHash(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `s1$${salt}$${digest(salt, code)}`;
}

/**
 * Which kept hash a typed code matches, or null. Codes made before issue 24 were kept as an
 * unsalted SHA-256 of the code in lower case without its dash; they are still taken until their
 * owner makes new ones (docs/decisions/019).
 */
export function matchRecoveryCode(hashes: readonly string[], code: string): string | null {
  const legacy = createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');
  for (const kept of hashes) {
    const [scheme, salt, hash] = kept.split('$');
    const [expected, actual] = scheme === 's1' && salt && hash ? [hash, digest(salt, code)] : [kept, legacy];
    if (expected.length === actual.length && timingSafeEqual(Buffer.from(expected), Buffer.from(actual))) return kept;
  }
  return null;
}
