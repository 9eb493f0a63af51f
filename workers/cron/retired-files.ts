import { getDb } from "~/.server/db/client";
import { deleteDueRetiredFiles } from "~/.server/media/retired-files";

export async function deleteRetiredFiles(env: Env): Promise<void> {
  await deleteDueRetiredFiles(getDb(env.DB), env.MEDIA);
}
