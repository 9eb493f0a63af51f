import type { ReactNode } from "react";
import { PageMeta, type ShareImage } from "#app/components/shell/page-meta.tsx";

export function ProsePage({
  title,
  description,
  lead,
  image,
  children,
}: {
  title: string;
  description?: string;
  image?: ShareImage;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <PageMeta title={title} description={description} image={image} />
      <h1 className="text-2xl font-bold tracking-tight break-words hyphens-auto sm:text-4xl">
        {title}
      </h1>
      {lead ? <div className="mt-3 text-neutral-600 dark:text-neutral-400">{lead}</div> : null}
      <div className="mt-8 space-y-8 leading-relaxed [&_a]:text-primary-700 [&_a]:underline dark:[&_a]:text-primary-400 [&_h2]:text-xl [&_h2]:font-semibold [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}

export function Section({
  id,
  title,
  children,
}: {
  id?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {children}
    </section>
  );
}
