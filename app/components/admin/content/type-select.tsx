import { type MediaType, mediaTypes } from "~/lib/media-fields";
import { useMediaWords } from "./words";

type Props = {
  value: MediaType;
  onChange: (type: MediaType) => void;
  id?: string;
  label?: string;
  /** Changing while a change is saved is ignored (aria-disabled: disabled would drop the focus). */
  busy?: boolean;
  className?: string;
};

export function TypeSelect({ value, onChange, id, label, busy, className }: Props) {
  const words = useMediaWords();
  return (
    <select
      id={id}
      value={value}
      aria-disabled={busy || undefined}
      aria-label={label}
      onChange={(e) => busy || onChange(e.target.value as MediaType)}
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
