export const SIGNATURE_BYTES = 12;

/** A JPEG starts with SOI (FF D8) followed by a marker (FF xx). */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/**
 * ISO media's major brands for what is no film: HEIF and AVIF pictures, audio, JPEG 2000 and
 * camera raw files share MP4's container, and a browser's <video> plays none of them.
 */
const NOT_VIDEO_BRANDS = new Set([
  ...["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"],
  ...["M4A ", "M4B ", "M4P ", "jp2 ", "jpm ", "jpx ", "crx "],
]);

/**
 * MP4 and QuickTime files start with an `ftyp` box: 4 bytes of size, the type, then the major
 * brand. Video brands are many (every camera maker has some), so the ones that are no film are
 * refused instead.
 */
export function isIsoVideo(bytes: Uint8Array): boolean {
  const size =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const type = String.fromCharCode(...bytes.subarray(4, 8));
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  return (
    bytes.length >= SIGNATURE_BYTES && type === "ftyp" && size >= 16 && !NOT_VIDEO_BRANDS.has(brand)
  );
}
