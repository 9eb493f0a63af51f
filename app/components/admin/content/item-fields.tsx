// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { secondaryButton, textInput } from "#app/components/admin/styles.ts";
import { type LocalizedField, localizedField } from "#app/features/gallery/localized-fields.ts";
import {
  type LocalizedFieldName,
  MAX_ALT_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from "#app/features/gallery/media-fields.ts";
import { type Locale, localeInfo, locales } from "#app/i18n/locales.ts";
import { TypeSelect } from "./type-select.tsx";
import type { ItemForm } from "./use-item-form.ts";

export const labelClass = "block text-sm font-medium";

export function ItemFields({
  form,
  extra,
  onTranslate,
  busy,
}: {
  form: ItemForm;
  extra?: ReactNode;
  onTranslate: () => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const { fields, set, fieldId } = form;
  const badge = "ml-2 rounded px-1.5 py-0.5 text-xs font-normal";
  const machineBadge = (name: LocalizedFieldName | LocalizedField<"alt">): ReactNode =>
    form.described(name) ? (
      <span className={`${badge} bg-warning-100 text-warning-800`}>
        {t`Written automatically: please check`}
      </span>
    ) : form.marked(name) ? (
      <span className={`${badge} bg-info-100 text-info-900`}>{t`Machine-translated`}</span>
    ) : null;

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId("type")} className={labelClass}>{t`Type`}</label>
          <TypeSelect
            id={fieldId("type")}
            value={fields.type}
            onChange={(type) => set("type", type)}
            className={textInput}
          />
        </div>
        {extra}
        <div>
          <label htmlFor={fieldId("source")} className={labelClass}>{t`Source`}</label>
          <input
            id={fieldId("source")}
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
            <label htmlFor={fieldId("from")} className={labelClass}>{t`From`}</label>
            <select
              id={fieldId("from")}
              value={form.source}
              onChange={(e) => form.setSource(e.target.value as Locale)}
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
            onClick={onTranslate}
            disabled={busy || form.translating || form.toFill.length === 0}
            className={secondaryButton}
          >
            {form.translating ? t`Translating…` : t`Fill empty languages`}
          </button>
        </div>
        <p className="mt-2 text-xs text-neutral-600 dark:text-neutral-400">
          {t`Only empty fields are filled; machine-translated texts stay marked until you edit them.`}
        </p>
      </fieldset>

      <Tabs.Root value={form.tab} onValueChange={form.setTab}>
        <Tabs.List
          aria-label={t`Language`}
          className="flex overflow-x-auto border-b border-neutral-200 dark:border-neutral-800"
        >
          {locales.map((l) => (
            <Tabs.Trigger
              key={l}
              value={l}
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
          const altName = localizedField("alt", l);
          const bad = form.badTags === l;
          return (
            <Tabs.Content key={l} value={l} className="space-y-3 pt-3">
              <div>
                <label htmlFor={fieldId(titleName)} className={labelClass}>
                  {t`Title`}
                  {machineBadge(titleName)}
                </label>
                <input
                  id={fieldId(titleName)}
                  lang={l}
                  value={fields[titleName]}
                  maxLength={120}
                  onChange={(e) => set(titleName, e.target.value)}
                  className={textInput}
                />
              </div>
              <div>
                <label htmlFor={fieldId(descriptionName)} className={labelClass}>
                  {t`Description`}
                  {machineBadge(descriptionName)}
                </label>
                <textarea
                  id={fieldId(descriptionName)}
                  lang={l}
                  rows={3}
                  value={fields[descriptionName]}
                  maxLength={2000}
                  onChange={(e) => set(descriptionName, e.target.value)}
                  className={textInput}
                />
              </div>
              <div>
                <label htmlFor={fieldId(altName)} className={labelClass}>
                  {t`Text alternative (what the picture shows)`}
                  {machineBadge(altName)}
                </label>
                <input
                  id={fieldId(altName)}
                  lang={l}
                  value={fields[altName]}
                  maxLength={MAX_ALT_LENGTH}
                  onChange={(e) => set(altName, e.target.value)}
                  className={textInput}
                />
              </div>
              <div>
                <label htmlFor={fieldId(tagsName)} className={labelClass}>
                  {t`Tags, separated by commas`}
                  {machineBadge(tagsName)}
                </label>
                <input
                  id={fieldId(tagsName)}
                  lang={l}
                  value={form.tagTexts[l]}
                  aria-describedby={fieldId(`${tagsName}-limits`)}
                  aria-invalid={bad || undefined}
                  onChange={(e) => form.setTags(l, e.target.value)}
                  className={textInput}
                />
                <p
                  id={fieldId(`${tagsName}-limits`)}
                  className={`mt-1 text-xs ${
                    bad
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
    </>
  );
}
