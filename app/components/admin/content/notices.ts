// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useSessionEnded } from "#app/components/admin/session-ended.ts";
import { useToast } from "#app/components/ui/toaster.tsx";

export type Notice =
  | "updated"
  | "update-failed"
  | "deleted"
  | "deletion-failed"
  | "translation-failed";

export function useNotify() {
  const { t } = useLingui();
  const toast = useToast();
  const sessionEnded = useSessionEnded();
  return (notice: Notice, unauthorized = false) => {
    const titles: Record<Notice, string> = {
      updated: t`Successfully updated`,
      "update-failed": t`Update failed`,
      deleted: t`Successfully deleted`,
      "deletion-failed": t`Deletion failed`,
      "translation-failed": t`Translation failed`,
    };
    toast({
      variant: notice.endsWith("failed") ? "error" : "success",
      title: titles[notice],
      ...(unauthorized ? sessionEnded.toast : {}),
    });
  };
}
