import { useLocale } from "#app/components/ui/localized-link.tsx";
import { formatNumber } from "#app/lib/format.ts";

export type BreakdownRow = { key: string; label: string; count: number };

export function BreakdownTable({
  id,
  title,
  column,
  rows,
  empty,
}: {
  id: string;
  title: string;
  column: string;
  rows: BreakdownRow[];
  empty: string;
}) {
  const locale = useLocale();
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{empty}</p>
      ) : (
        <table aria-labelledby={id} className="mt-2 w-full table-fixed text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{column}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="relative py-1 pr-2 text-left font-normal">
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-0.5 left-0 rounded-sm bg-primary-100 dark:bg-primary-950"
                    style={{ width: `${(row.count / max) * 100}%` }}
                  />
                  <span className="relative block px-1 [overflow-wrap:anywhere]">{row.label}</span>
                </th>
                <td className="w-16 py-1 text-right tabular-nums">
                  {formatNumber(locale, row.count)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
