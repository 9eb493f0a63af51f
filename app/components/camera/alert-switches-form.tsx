// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { useSessionEnded } from "#app/components/admin/session-ended.ts";
import { primaryButton } from "#app/components/admin/styles.ts";
import type { AlertSwitch, AlertSwitches } from "#app/features/camera/alert-switches.ts";
import { type Locale, localeInfo } from "#app/i18n/locales.ts";

type Answer = { saved: true } | { error: string } | undefined;

/** One form, posted to the page's action: it works before and without JavaScript too. */
export function AlertSwitchesForm({
  switches,
  ownerLocale,
  offlineAlertMinutes,
  answer,
}: {
  switches: AlertSwitches;
  ownerLocale: Locale;
  offlineAlertMinutes: number;
  answer: Answer;
}) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const sessionEnded = useSessionEnded();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "alerts";
  const language = localeInfo[ownerLocale].name;
  const choices: { name: AlertSwitch; label: string; hint: string }[] = [
    {
      name: "offline",
      label: t`Camera offline`,
      hint: t`After ${offlineAlertMinutes} minutes without a connection and without a still; a reminder after 24 hours; a mail when it is back.`,
    },
    {
      name: "timelapse",
      label: t`No time-lapse`,
      hint: t`When last night's film is not in the gallery by 07:00.`,
    },
    { name: "power", label: t`Power and heat`, hint: t`Under-voltage, or the box too hot.` },
    {
      name: "card",
      label: t`Card nearly full`,
      hint: t`When the box pauses capturing for lack of room.`,
    },
  ];
  const status =
    answer === undefined || saving
      ? ""
      : "saved" in answer
        ? t`Alerts saved.`
        : answer.error === "unauthorized"
          ? `${t`The alerts could not be saved.`} ${sessionEnded.message}`
          : t`The alerts could not be saved.`;

  return (
    <section aria-labelledby="alerts-title">
      <h3 id="alerts-title" className="text-lg font-semibold">{t`E-mail alerts`}</h3>
      <p className="mt-1 max-w-3xl text-sm text-neutral-700 dark:text-neutral-300">
        {t`They go to the owner's inbox, at most one of a kind every 6 hours, in ${language}: the language you last used here.`}
      </p>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="alerts" />
        <fieldset className="space-y-2">
          <legend className="sr-only">{t`Send a mail when`}</legend>
          {choices.map((choice) => (
            <div key={choice.name} className="flex items-start gap-3">
              <input
                type="checkbox"
                id={`alert-${choice.name}`}
                name={choice.name}
                defaultChecked={switches[choice.name]}
                aria-describedby={`alert-${choice.name}-hint`}
                className="mt-1 size-5 shrink-0"
              />
              <div>
                <label htmlFor={`alert-${choice.name}`} className="font-medium">
                  {choice.label}
                </label>
                <p
                  id={`alert-${choice.name}-hint`}
                  className="text-sm text-neutral-700 dark:text-neutral-300"
                >
                  {choice.hint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <button type="submit" className={primaryButton} aria-disabled={saving || undefined}>
          {t`Save alerts`}
        </button>
        <p role="status" className="min-h-6 text-sm font-medium">
          {status}
        </p>
      </Form>
    </section>
  );
}
