import { useLingui } from "@lingui/react/macro";
import { Dialog, Tabs } from "radix-ui";
import { type ReactNode, useId, useState } from "react";
import { type Locale, localeInfo, locales } from "~/i18n/locales";
import { localizedField } from "~/lib/localized-fields";
import {
  type AdminMediaItem,
  applyTranslations,
  changedFields,
  editField,
  languagesToFill,
  languageTexts,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  type MediaFields,
  mediaFields,
  mediaStatuses,
  parseTags,
} from "~/lib/media-fields";
import { useLocale } from "../../localized-link";
import { useReturnFocus } from "../../ui/return-focus";
import { primaryButton, secondaryButton, textInput, toLocalInput } from "../styles";
import { patchItem, translate } from "./content-api";
import { forgetKeptEdit, keepEdit } from "./kept-edit";
import { TypeSelect } from "./type-select";
import { useMediaWords } from "./words";

const labelClass = "block text-sm font-medium";

function fieldsOf(item: AdminMediaItem): MediaFields {
  const {
    id: _id,
    views: _v,
    likes: _l,
    thumbnailUrl: _t,
    width: _w,
    height: _h,
    ...fields
  } = item;
  return fields;
}

type Props = {
  item: AdminMediaItem;
  /** Changes a save could not send because the session had ended: the form starts with them. */
  kept?: Partial<MediaFields>;
  title: string;
  onClose: () => void;
  onSaved: (item: AdminMediaItem) => void;
  notify: (
    outcome: "updated" | "update-failed" | "translation-failed",
    unauthorized?: boolean,
  ) => void;
};

export function ItemEditor({ item, kept, title, onClose, onSaved, notify }: Props) {
  const { t } = useLingui();
  const locale = useLocale();
  const words = useMediaWords();
  const ids = useId();
  const [fields, setFields] = useState(() => ({ ...fieldsOf(item), ...kept }));
  const [tagTexts, setTagTexts] = useState(
    () =>
      Object.fromEntries(
        locales.map((l) => [l, fields[localizedField("tags", l)].join(", ")]),
      ) as Record<Locale, string>,
  );
  const [takenAt, setTakenAt] = useState(() => toLocalInput(fields.takenAt));
  const [source, setSource] = useState<Locale>(() =>
    languageTexts(fields, locale).title
      ? locale
      : (locales.find((l) => fields[localizedField("title", l)]) ?? locale),
  );
  const [busy, setBusy] = useState<"saving" | "translating" | null>(null);
  const returnFocus = useReturnFocus();
  const [tab, setTab] = useState<string>(locale);
  // The language whose tags the schema refused: its tab opens and says why.
  const [badTags, setBadTags] = useState<Locale | null>(null);

  const set = <K extends keyof MediaFields>(name: K, value: MediaFields[K]) =>
    setFields((current) => editField(current, name, value));
  const marked = (name: string) => (fields.machineTranslated as string[]).includes(name);
  const toFill = languagesToFill(fields, source);

  // The form shows minutes: an untouched date keeps the item's own, seconds and all.
  const parsedFields = () =>
    mediaFields.safeParse({
      ...fields,
      takenAt:
        takenAt === toLocalInput(item.takenAt) ? item.takenAt : new Date(takenAt).toISOString(),
    });

  /** After "Log in again" the dashboard opens the editor again with these (kept-edit.ts). */
  function keepChanges() {
    const parsed = parsedFields();
    if (!parsed.success) return;
    const changes = changedFields(fieldsOf(item), parsed.data);
    if (Object.keys(changes).length > 0) keepEdit({ id: item.id, changes });
  }

  function close() {
    forgetKeptEdit(item.id);
    onClose();
  }

  async function runTranslation() {
    setBusy("translating");
    const outcome = await translate({
      from: source,
      to: toFill,
      texts: languageTexts(fields, source),
    });
    setBusy(null);
    if (!outcome.ok) {
      if (outcome.unauthorized) keepChanges();
      return notify("translation-failed", outcome.unauthorized);
    }
    const next = applyTranslations(fields, outcome.value.translations);
    setFields(next);
    setTagTexts(
      (texts) =>
        Object.fromEntries(
          locales.map((l) => [l, texts[l] || next[localizedField("tags", l)].join(", ")]),
        ) as Record<Locale, string>,
    );
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parsedFields();
    if (!parsed.success) {
      // Every other field is held to its limits as it is typed; tags only once they are split.
      const tagsOf = locales.find((l) =>
        parsed.error.issues.some((issue) => issue.path[0] === localizedField("tags", l)),
      );
      if (!tagsOf) return notify("update-failed");
      setBadTags(tagsOf);
      setTab(tagsOf);
      requestAnimationFrame(() =>
        document.getElementById(`${ids}-${localizedField("tags", tagsOf)}`)?.focus(),
      );
      return;
    }
    setBadTags(null);
    const changes = changedFields(fieldsOf(item), parsed.data);
    if (Object.keys(changes).length === 0) return close();
    setBusy("saving");
    const outcome = await patchItem(item.id, changes);
    setBusy(null);
    if (!outcome.ok) {
      if (outcome.unauthorized) keepEdit({ id: item.id, changes });
      return notify("update-failed", outcome.unauthorized);
    }
    forgetKeptEdit(item.id);
    notify("updated");
    onSaved(outcome.value);
  }

  const machineBadge = (name: string): ReactNode =>
    marked(name) ? (
      <span className="ml-2 rounded bg-info-100 px-1.5 py-0.5 text-xs font-normal text-info-900">
        {t`Machine-translated`}
      </span>
    ) : null;

  return (
    <Dialog.Root open onOpenChange={(open) => open || close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/60" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={kept ? `${ids}-kept` : undefined}
          // Ends above the toasts (--toasts-inset, toast-list.tsx), which would hide its buttons.
          className="fixed inset-x-0 top-0 z-50 mx-auto max-h-[calc(100%-var(--toasts-inset,0px))] w-full max-w-2xl overflow-y-auto bg-white p-4 shadow-xl sm:top-8 sm:max-h-[calc(100%-max(4rem,2rem+var(--toasts-inset,0px)))] sm:rounded-xl sm:p-6 dark:bg-neutral-900"
        >
          <Dialog.Title className="text-lg font-semibold break-words">{t`Edit “${title}”`}</Dialog.Title>
          <Dialog.Description className="text-sm text-neutral-600 dark:text-neutral-400">
            {t`Titles, descriptions and tags in five languages, and how the item appears in the gallery.`}
          </Dialog.Description>
          {kept ? (
            <p
              id={`${ids}-kept`}
              className="mt-3 rounded-md bg-info-100 px-3 py-2 text-sm text-info-900"
            >
              {t`Your unsaved changes have been restored. Save them to keep them.`}
            </p>
          ) : null}
          <form onSubmit={save} className="mt-4 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={`${ids}-type`} className={labelClass}>{t`Type`}</label>
                <TypeSelect
                  id={`${ids}-type`}
                  value={fields.type}
                  onChange={(type) => set("type", type)}
                  className={textInput}
                />
              </div>
              <div>
                <label htmlFor={`${ids}-status`} className={labelClass}>{t`Status`}</label>
                <select
                  id={`${ids}-status`}
                  value={fields.status}
                  onChange={(e) => set("status", e.target.value as MediaFields["status"])}
                  className={textInput}
                >
                  {mediaStatuses.map((status) => (
                    <option key={status} value={status}>
                      {words.status[status]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${ids}-taken`} className={labelClass}>{t`Date taken`}</label>
                <input
                  id={`${ids}-taken`}
                  type="datetime-local"
                  required
                  value={takenAt}
                  onChange={(e) => setTakenAt(e.target.value)}
                  className={textInput}
                />
              </div>
              <div>
                <label htmlFor={`${ids}-source`} className={labelClass}>{t`Source`}</label>
                <input
                  id={`${ids}-source`}
                  value={fields.source}
                  maxLength={200}
                  onChange={(e) => set("source", e.target.value)}
                  className={textInput}
                />
              </div>
            </div>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={fields.featured}
                onChange={(e) => set("featured", e.target.checked)}
                className="size-5"
              />
              <span className="font-medium">{t`Featured`}</span>
            </label>

            <fieldset className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
              <legend className="px-1 text-sm font-medium">{t`Translate`}</legend>
              <div className="flex flex-wrap items-end gap-3">
                <div className="min-w-40 flex-1">
                  <label htmlFor={`${ids}-from`} className={labelClass}>{t`From`}</label>
                  <select
                    id={`${ids}-from`}
                    value={source}
                    onChange={(e) => setSource(e.target.value as Locale)}
                    className={textInput}
                  >
                    {locales.map((l) => (
                      <option key={l} value={l}>
                        {localeInfo[l].name}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  onClick={runTranslation}
                  disabled={busy !== null || toFill.length === 0}
                  className={secondaryButton}
                >
                  {busy === "translating" ? t`Translating…` : t`Fill empty languages`}
                </button>
              </div>
              <p className="mt-2 text-xs text-neutral-600 dark:text-neutral-400">
                {t`Only empty fields are filled; machine-translated texts stay marked until you edit them.`}
              </p>
            </fieldset>

            <Tabs.Root value={tab} onValueChange={setTab}>
              <Tabs.List
                aria-label={t`Language`}
                className="flex overflow-x-auto border-b border-neutral-200 dark:border-neutral-800"
              >
                {locales.map((l) => (
                  <Tabs.Trigger
                    key={l}
                    value={l}
                    // Five names in one row on a phone: narrower sides below sm.
                    className="min-h-11 shrink-0 border-b-2 border-transparent px-2 text-sm font-medium sm:px-3 data-[state=active]:border-primary-700 data-[state=active]:text-primary-800 dark:data-[state=active]:text-primary-300"
                  >
                    {localeInfo[l].name}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {locales.map((l) => {
                const titleName = localizedField("title", l);
                const descriptionName = localizedField("description", l);
                const tagsName = localizedField("tags", l);
                return (
                  <Tabs.Content key={l} value={l} className="space-y-3 pt-3">
                    <div>
                      <label htmlFor={`${ids}-${titleName}`} className={labelClass}>
                        {t`Title`}
                        {machineBadge(titleName)}
                      </label>
                      <input
                        id={`${ids}-${titleName}`}
                        lang={l}
                        value={fields[titleName]}
                        maxLength={120}
                        onChange={(e) => set(titleName, e.target.value)}
                        className={textInput}
                      />
                    </div>
                    <div>
                      <label htmlFor={`${ids}-${descriptionName}`} className={labelClass}>
                        {t`Description`}
                        {machineBadge(descriptionName)}
                      </label>
                      <textarea
                        id={`${ids}-${descriptionName}`}
                        lang={l}
                        rows={3}
                        value={fields[descriptionName]}
                        maxLength={2000}
                        onChange={(e) => set(descriptionName, e.target.value)}
                        className={textInput}
                      />
                    </div>
                    <div>
                      <label htmlFor={`${ids}-${tagsName}`} className={labelClass}>
                        {t`Tags, separated by commas`}
                        {machineBadge(tagsName)}
                      </label>
                      <input
                        id={`${ids}-${tagsName}`}
                        lang={l}
                        value={tagTexts[l]}
                        aria-describedby={`${ids}-${tagsName}-limits`}
                        aria-invalid={badTags === l || undefined}
                        onChange={(e) => {
                          const text = e.target.value;
                          setTagTexts((texts) => ({ ...texts, [l]: text }));
                          set(tagsName, parseTags(text));
                        }}
                        className={textInput}
                      />
                      <p
                        id={`${ids}-${tagsName}-limits`}
                        className={`mt-1 text-xs ${
                          badTags === l
                            ? "font-medium text-error-800 dark:text-error-100"
                            : "text-neutral-600 dark:text-neutral-400"
                        }`}
                      >
                        {t`At most ${MAX_TAGS} tags of up to ${MAX_TAG_LENGTH} characters each.`}
                      </p>
                    </div>
                  </Tabs.Content>
                );
              })}
            </Tabs.Root>

            <div className="flex flex-wrap justify-end gap-3 border-t border-neutral-200 pt-4 dark:border-neutral-800">
              <Dialog.Close className={secondaryButton}>{t`Cancel`}</Dialog.Close>
              <button type="submit" disabled={busy !== null} className={primaryButton}>
                {busy === "saving" ? t`Saving…` : t`Save`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
