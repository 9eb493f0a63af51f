/** Read by range: a Worker has 128 MB and a video may be 4 GiB. */
export type StoredFile = {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array<ArrayBuffer>>;
};

export type Refusal = "unsupported_content" | "not_whole" | "location_data";
