import { z } from "zod";
import { mediaFields } from "#app/features/gallery/media-fields.ts";

// Changes a save could not send (the session ended) kept through the login (ADR 015).
const KEY = "admin-unsaved-edit";

const keptEdit = z.object({ id: z.string(), changes: mediaFields.partial() });
export type KeptEdit = z.infer<typeof keptEdit>;

// Storage may be off or full: then the edit is lost, never the page.
export function keepEdit(edit: KeptEdit) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(edit));
  } catch {}
}

export function readKeptEdit(): KeptEdit | null {
  try {
    const parsed = keptEdit.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetKeptEdit(id: string) {
  try {
    if (readKeptEdit()?.id === id) sessionStorage.removeItem(KEY);
  } catch {}
}
