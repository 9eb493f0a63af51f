import { type KeyboardEvent, useRef, useState } from "react";
import { type MediaType, mediaTypes } from "#app/features/gallery/media-fields.ts";
import { useMediaWords } from "./words.ts";

type Props = {
  value: MediaType;
  onChange: (type: MediaType) => void;
  /**
   * `onChange` saves. A closed select changes (and Chromium fires `change`) on each arrow or
   * letter key, so a keyboard owner's steps stay a draft until Enter or leaving the select,
   * and Escape drops them (WCAG 3.2.2); a choice from the opened list is one choice, made at once.
   */
  saves?: boolean;
  id?: string;
  label?: string;
  /** Changing while a change is saved is ignored (aria-disabled: disabled would drop the focus). */
  busy?: boolean;
  className?: string;
};

/** The keys that move a closed select's value without opening its list. */
const stepKeys = [
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
];
const steps = (event: KeyboardEvent<HTMLSelectElement>) =>
  !event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  (stepKeys.includes(event.key) || (event.key.length === 1 && event.key !== " "));

export function TypeSelect({ value, onChange, saves, id, label, busy, className }: Props) {
  const words = useMediaWords();
  const [draft, setDraft] = useState<MediaType | null>(null);
  // Whether the last key pressed moves a closed select's value: the `change` it fires is a step.
  const stepping = useRef(false);

  const choose = (type: MediaType) => {
    setDraft(null);
    if (!busy && type !== value) onChange(type);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    stepping.current = steps(event);
    if (draft === null) return;
    if (event.key === "Enter") {
      // Enter is the choice; its default (opening the list, on some platforms) is not wanted.
      event.preventDefault();
      choose(draft);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDraft(null);
    }
  };

  return (
    <select
      id={id}
      value={draft ?? value}
      aria-disabled={busy || undefined}
      aria-label={label}
      onKeyDown={saves ? onKeyDown : undefined}
      onPointerDown={() => {
        stepping.current = false;
      }}
      onBlur={() => draft !== null && choose(draft)}
      onChange={(e) => {
        const type = e.target.value as MediaType;
        if (busy) return;
        if (saves && stepping.current) setDraft(type);
        else choose(type);
      }}
      className={
        className ??
        "min-h-11 rounded-md border border-neutral-300 bg-white px-2 text-sm aria-disabled:opacity-60 dark:border-neutral-700 dark:bg-neutral-900"
      }
    >
      {mediaTypes.map((type) => (
        <option key={type} value={type}>
          {words.type[type]}
        </option>
      ))}
    </select>
  );
}
