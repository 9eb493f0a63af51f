export const SIGNATURE_BYTES = 12;

/** A JPEG starts with SOI (FF D8) followed by a marker (FF xx). */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** MP4 and QuickTime files start with an `ftyp` box: 4 bytes of size, then the type. */
export function isIsoMedia(bytes: Uint8Array): boolean {
  const size =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const type = String.fromCharCode(...bytes.subarray(4, 8));
  return bytes.length >= SIGNATURE_BYTES && type === "ftyp" && size >= 8;
}
