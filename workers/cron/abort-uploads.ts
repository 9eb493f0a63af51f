import { getDb } from "~/.server/db/client";
import { abortStaleUploads } from "~/.server/uploads/store";

export async function abortUploads(env: Env): Promise<void> {
  await abortStaleUploads(getDb(env.DB), env.MEDIA);
}
