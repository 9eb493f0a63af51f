/** A satisfiable single byte range of a file of `size` bytes. */
export type ByteRange = { offset: number; length: number };

/**
 * Parses a `Range: bytes=…` header (RFC 9110). Returns null when the header is absent or
 * not a single byte range (then the whole file is served), "unsatisfiable" for a range
 * outside the file (416), or the range.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | "unsatisfiable" | null {
  // The range unit is case-insensitive (RFC 9110 §14.1).
  const match = header ? /^bytes=(\d*)-(\d*)$/i.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const offset = Number(first);
  if (offset >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < offset) return null;
  return { offset, length: end - offset + 1 };
}
