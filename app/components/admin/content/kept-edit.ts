import { z } from "zod";
import { mediaFields } from "#app/features/gallery/media-fields.ts";

/**
 * The editor's changes whose save found the session ended (8 hours are up, ADR 010), kept
 * through the login so the dashboard can open them again. In this tab's sessionStorage: it
 * never leaves the owner's browser and goes with the tab. Only the changes, so that a save
 * afterwards still leaves alone what changed meanwhile elsewhere.
 */
const KEY = "admin-unsaved-edit";

const keptEdit = z.object({ id: z.string(), changes: mediaFields.partial() });
export type KeptEdit = z.infer<typeof keptEdit>;

// Storage can be switched off or full: the edit is then lost as before, never the page.
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
