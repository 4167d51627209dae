import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, valid PNG of `width` × `height` black pixels at one bit per pixel: a few KB on the
 * wire that decode to width × height pixels (a decompression bomb at 10,000 × 10,000). Made by
 * hand because drawing it with sharp would take seconds.
 */
export function bitmapPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const scanlines = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0, black pixels
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo as a phone takes it: 2400x1600 JPEG with the owner's name and GPS position in EXIF. */
export function phonePhoto(width = 2400, height = 1600, orientation?: number) {
  return sharp({ create: { width, height, channels: 3, background: '#2f6f8f' } })
    .composite([
      {
        input: { create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: '#e0b050' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({
      ...(orientation ? { orientation } : {}),
      exif: {
        IFD0: { Copyright: 'Private Owner', Software: 'PhoneCam 1.0' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 47/1 2100/100', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 3300/100' },
      },
    })
    .toBuffer();
}
