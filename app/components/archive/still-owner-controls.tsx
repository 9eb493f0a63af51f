// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { type Confirmation, ConfirmDialog } from "#app/components/admin/content/confirm-dialog.tsx";
import { ownerWrite } from "#app/components/admin/owner-api.ts";
import { useSessionEnded } from "#app/components/admin/session-ended.ts";
import { dangerButton, secondaryButton } from "#app/components/admin/styles.ts";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { useToast } from "#app/components/ui/toaster.tsx";
import {
  bestOfAnswer,
  dayPickAnswer,
  deletedStill,
  stillTextsAnswer,
} from "#app/features/archive/archive-api.ts";
import { type ArchivePage, type ArchiveStill, archiveHref } from "#app/features/archive/stills.ts";
import { localizePath } from "#app/i18n/locales.ts";
import type { PickKind } from "#protocol/day-picks.ts";

export default function StillOwnerControls({
  still,
  picks,
  after,
}: {
  still: ArchiveStill;
  picks: ArchivePage["picks"];
  after: string | null;
}) {
  const { t } = useLingui();
  const { text } = still;
  const locale = useLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const sessionEnded = useSessionEnded();

  const update = async (write: () => ReturnType<typeof ownerWrite>) => {
    if (busy) return;
    setBusy(true);
    const outcome = await write();
    if (outcome.ok) await revalidate();
    setBusy(false);
    toast(
      outcome.ok
        ? { title: t`Successfully updated`, variant: "success" }
        : {
            title: t`Update failed`,
            variant: "error",
            ...(outcome.unauthorized ? sessionEnded.toast : {}),
          },
    );
  };
  const toggleBestOf = () =>
    update(() =>
      ownerWrite(`/api/admin/stills/${still.id}`, "PATCH", bestOfAnswer, { bestOf: !still.bestOf }),
    );
  // A removal is the owner's too: the box never proposes over it.
  const togglePick = (kind: PickKind) =>
    update(() =>
      ownerWrite(`/api/admin/days/${still.at.slice(0, 10)}`, "PATCH", dayPickAnswer, {
        kind,
        id: picks[kind]?.id === still.id ? null : still.id,
      }),
    );
  const settleTexts = (texts: "keep" | "remove") =>
    update(() => ownerWrite(`/api/admin/stills/${still.id}`, "PATCH", stillTextsAnswer, { texts }));
  const pickLabel = (kind: PickKind) => {
    const picked = picks[kind]?.id === still.id;
    if (kind === "sunset")
      return picked ? t`Remove as sunset of the day` : t`Make sunset of the day`;
    return picked ? t`Remove as best of the day` : t`Make best of the day`;
  };

  const remove = async () => {
    setBusy(true);
    const outcome = await ownerWrite(`/api/admin/stills/${still.id}`, "DELETE", deletedStill);
    setBusy(false);
    if (!outcome.ok) {
      return toast({
        title: t`Deletion failed`,
        variant: "error",
        ...(outcome.unauthorized ? sessionEnded.toast : {}),
      });
    }
    toast({ title: t`Successfully deleted`, variant: "success" });
    const path = localizePath("/archive", locale);
    navigate(archiveHref(path, after ? { at: after } : { day: still.at.slice(0, 10) }), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <section
      aria-labelledby="owner-title"
      className="mt-4 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id="owner-title" className="text-base font-semibold">{t`Owner`}</h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          aria-disabled={busy || undefined}
          aria-pressed={still.bestOf}
          onClick={toggleBestOf}
        >
          {t`Best of: keep forever`}
        </button>
        {(Object.keys(picks) as PickKind[]).map((kind) => (
          <button
            key={kind}
            type="button"
            className={secondaryButton}
            aria-disabled={busy || undefined}
            onClick={() => togglePick(kind)}
          >
            {pickLabel(kind)}
          </button>
        ))}
        <button
          type="button"
          className={dangerButton}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (busy) return;
            setConfirmation({
              title: t`Delete this item?`,
              description: t`The picture is removed from the archive for good. Shared links to it will show that it is no longer there.`,
              confirmLabel: t`Delete`,
              destructive: true,
              onConfirm: remove,
            });
          }}
        >
          {t`Delete picture`}
        </button>
      </div>
      {text ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">
            {t`Description of the picture`}
            {text.auto ? (
              <span className="ml-2 rounded bg-warning-100 px-1.5 py-0.5 text-xs font-normal text-warning-800">
                {t`Written automatically: please check`}
              </span>
            ) : null}
          </h3>
          <p className="mt-1 text-sm">{text.alt}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            {(text.auto ? (["keep", "remove"] as const) : (["remove"] as const)).map((choice) => (
              <button
                key={choice}
                type="button"
                className={secondaryButton}
                aria-disabled={busy || undefined}
                onClick={() => settleTexts(choice)}
              >
                {choice === "keep" ? t`Keep the description` : t`Remove the description`}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
