import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * ID and guest photos at rest (issue 34): AES-256-GCM with the key of ID_ENCRYPTION_KEY. A stored
 * file is `RSID1` (the format and its version), a 12-byte nonce, the ciphertext and the 16-byte
 * tag; the photo's id is the additional data, so a file swapped for another guest's fails to
 * open. A wrong key or a changed byte throws: never a wrong picture.
 */

const MAGIC = Buffer.from('RSID1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function encryptPhoto(key: Buffer, photoId: string, plain: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(photoId));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, nonce, body, cipher.getAuthTag()]);
}

export class PhotoDecryptionError extends Error {}

export function decryptPhoto(key: Buffer, photoId: string, stored: Buffer): Buffer {
  if (stored.length < MAGIC.length + NONCE_BYTES + TAG_BYTES || !stored.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new PhotoDecryptionError(`Photo ${photoId} is not an encrypted ID photo`);
  }
  const nonce = stored.subarray(MAGIC.length, MAGIC.length + NONCE_BYTES);
  const tag = stored.subarray(stored.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(photoId));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(stored.subarray(MAGIC.length + NONCE_BYTES, stored.length - TAG_BYTES)), decipher.final()]);
  } catch (error) {
    throw new PhotoDecryptionError(`Photo ${photoId} cannot be decrypted: wrong ID_ENCRYPTION_KEY, or the file was changed`, { cause: error });
  }
}
