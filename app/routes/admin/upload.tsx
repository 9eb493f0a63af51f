import { useLingui } from "@lingui/react/macro";
import { ownerSession } from "~/.server/auth/route-session";
import { ContentManager } from "~/components/admin/content/content-manager";
import { UploadPanel } from "~/components/admin/upload/upload-panel";
import type { Route } from "./+types/upload";

export function loader({ request, context }: Route.LoaderArgs) {
  ownerSession({ request, context });
  return null;
}

export default function Upload() {
  const { t } = useLingui();
  return (
    <>
      <section aria-labelledby="upload-title" className="py-6">
        <h2 id="upload-title" className="text-xl font-semibold">
          {t`Upload`}
        </h2>
        <UploadPanel />
      </section>
      <ContentManager />
    </>
  );
}
