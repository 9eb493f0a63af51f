import { PageMeta } from "./page-meta.tsx";

export const errorButton =
  "mt-8 rounded-full bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800";

export function ErrorLayout({
  title,
  heading,
  description,
  children,
}: {
  title: string;
  heading: React.ReactNode;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <PageMeta title={title} description={description} noindex />
      {heading}
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">{description}</p>
      {children}
    </div>
  );
}
