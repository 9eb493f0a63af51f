/**
 * A stored file read a range at a time: a Worker has 128 MB and a video may be 4 GiB, so
 * what a file is, and whether it is whole, is read from its headers, never from all of it.
 */
export type StoredFile = {
  size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array<ArrayBuffer>>;
};

/**
 * Why a file is not published: it is not what it says (a JPEG, an MP4/MOV video), it is cut
 * short or has more after its end, or it tells where it was taken.
 */
export type Refusal = "unsupported_content" | "not_whole" | "location_data";
