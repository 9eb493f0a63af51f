import { type KeyboardEvent, useRef, useState } from "react";
import { type MediaType, mediaTypes } from "#app/features/gallery/media.ts";
import { useMediaWords } from "./words.ts";

type Props = {
  value: MediaType;
  onChange: (type: MediaType) => void;
  // Saving on change: a closed select's arrow keys stay a draft until Enter (WCAG 3.2.2).
  saves?: boolean;
  id?: string;
  label?: string;
  busy?: boolean;
  className?: string;
};

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
  const stepping = useRef(false);

  const choose = (type: MediaType) => {
    setDraft(null);
    if (!busy && type !== value) onChange(type);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    stepping.current = steps(event);
    if (draft === null) return;
    if (event.key === "Enter") {
      // Not also opening the list, as some platforms do.
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
