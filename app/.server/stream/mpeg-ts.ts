const PACKET = 188;
const SYNC = 0x47;

/** MPEG-TS is a whole number of 188-byte packets, each starting with the sync byte 0x47. */
export function isMpegTs(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.length % PACKET !== 0) return false;
  for (let i = 0; i < bytes.length; i += PACKET) if (bytes[i] !== SYNC) return false;
  return true;
}
