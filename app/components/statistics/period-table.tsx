export type PeriodRow = { key: string; label: string; cells: string[] };

/** A statistics card: one row per measure, one column per period (today, 7 days, 30 days…). */
export function PeriodTable({
  id,
  title,
  intro,
  rowsName,
  periods,
  rows,
}: {
  id: string;
  title: string;
  intro?: string;
  /** What the rows are, for screen readers: the first column's heading. */
  rowsName: string;
  periods: string[];
  rows: PeriodRow[];
}) {
  return (
    <section
      aria-labelledby={id}
      className="overflow-x-auto rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {intro ? (
        <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{intro}</p>
      ) : null}
      <table aria-labelledby={id} className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">{rowsName}</span>
            </th>
            {periods.map((period) => (
              <th key={period} scope="col" className="py-2 pl-3 text-right font-medium">
                {period}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-neutral-200 dark:border-neutral-800">
              <th scope="row" className="py-2 text-left font-normal">
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td key={periods[i]} className="py-2 pl-3 text-right tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
