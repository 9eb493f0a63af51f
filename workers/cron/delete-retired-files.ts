import { getDb } from "#app/.server/db/client.ts";
import { deleteDueRetiredFiles } from "#app/.server/gallery/retired-files.ts";

export async function deleteRetiredFiles(env: Env): Promise<void> {
  await deleteDueRetiredFiles(getDb(env.DB), env.MEDIA);
}
