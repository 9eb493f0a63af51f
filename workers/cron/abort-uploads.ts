import { getDb } from "~/.server/db/client";
import { abortStaleUploads } from "~/.server/uploads/store";

/** Aborts the owner's uploads left unfinished for more than a day, parts and rows. */
export async function abortUploads(env: Env): Promise<void> {
  await abortStaleUploads(getDb(env.DB), env.MEDIA);
}
