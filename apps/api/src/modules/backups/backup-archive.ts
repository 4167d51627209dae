import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import tar from 'tar-stream';

/*
 * A backup file (issue 35): a tar archive (a manifest, the database's dump, the uploaded and
 * private files), gzipped, then encrypted with AES-256-GCM under BACKUP_ENCRYPTION_KEY. On disk:
 * "RSBK1\n", the 12-byte nonce, the ciphertext, the 16-byte tag. The tag makes a wrong key, a
 * truncated file or any changed byte fail to open, with a message saying which.
 */

// Off the event loop (libuv's threads): a 50 MB archive takes a second or two to compress.
const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

const MAGIC = Buffer.from('RSBK1\n');
const NONCE = 12;
const TAG = 16;

/** One member of the archive: its path and its bytes. */
export interface ArchiveEntry {
  name: string;
  content: Buffer;
}

/** A backup file that cannot be opened, with the reason in words an operator can act on. */
export class BackupUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupUnreadable';
  }
}

/** Packs, compresses and encrypts the entries. */
export async function sealArchive(entries: ArchiveEntry[], key: Buffer): Promise<Buffer> {
  const pack = tar.pack();
  const packed = buffer(pack);
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) => pack.entry({ name: entry.name, size: entry.content.length, mode: 0o600 }, entry.content, (error) => (error ? reject(error) : resolve())));
  }
  pack.finalize();
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(await gzip(await packed, { level: 6 })), cipher.final()]);
  return Buffer.concat([MAGIC, nonce, body, cipher.getAuthTag()]);
}

/** Decrypts, decompresses and unpacks a backup file; BackupUnreadable when it is not one, or not whole, or the key is not its. */
export async function openArchive(file: Buffer, key: Buffer): Promise<ArchiveEntry[]> {
  if (file.length < MAGIC.length + NONCE + TAG || !file.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupUnreadable('This is not a Residency backup file (it does not begin as one).');
  }
  const nonce = file.subarray(MAGIC.length, MAGIC.length + NONCE);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(file.subarray(file.length - TAG));
  let gz: Buffer;
  try {
    gz = Buffer.concat([decipher.update(file.subarray(MAGIC.length + NONCE, file.length - TAG)), decipher.final()]);
  } catch {
    throw new BackupUnreadable('The backup cannot be opened: the key (BACKUP_ENCRYPTION_KEY) is not the one it was made with, or the file is truncated or damaged.');
  }
  const entries: ArchiveEntry[] = [];
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      buffer(stream).then((content) => {
        entries.push({ name: header.name, content });
        next();
      }, reject);
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  Readable.from([await gunzip(gz)]).pipe(extract);
  await done;
  return entries;
}
