import { getDb } from "#app/.server/db/client.ts";
import { abortStaleUploads } from "#app/.server/uploads/upload-store.ts";

export async function abortUploads(env: Env): Promise<void> {
  await abortStaleUploads(getDb(env.DB), env.MEDIA);
}
