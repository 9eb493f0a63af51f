import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ownerSession } from "#app/.server/auth/route-session.ts";
import { ContentManager } from "#app/components/admin/content/content-manager.tsx";
import { UploadPanel } from "#app/components/uploads/upload-panel.tsx";
import type { Route } from "./+types/upload";

export function loader({ request, context }: Route.LoaderArgs) {
  ownerSession({ request, context });
  return null;
}

export default function Upload() {
  const { t } = useLingui();
  const [toEdit, setToEdit] = useState<string | null>(null);
  const [listChanged, setListChanged] = useState(0);
  return (
    <>
      <section aria-labelledby="upload-title" className="py-6">
        <h2 id="upload-title" className="text-xl font-semibold">
          {t`Upload`}
        </h2>
        <UploadPanel onEdit={setToEdit} onSaved={() => setListChanged((n) => n + 1)} />
      </section>
      <ContentManager
        toEdit={toEdit}
        onEditOpened={() => setToEdit(null)}
        listChanged={listChanged}
      />
    </>
  );
}
