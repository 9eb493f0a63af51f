import { lazy, type ReactNode, Suspense } from "react";

// Loaded only while the owner works on the site (entry.server sends such a page whole).
const MaintenanceOverlay = lazy(() =>
  import("./maintenance-overlay.tsx").then((module) => ({ default: module.MaintenanceOverlay })),
);

export function MaintenanceGate({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <>
      <div inert={active} className="contents">
        {children}
      </div>
      {active ? (
        <Suspense>
          <MaintenanceOverlay />
        </Suspense>
      ) : null}
    </>
  );
}
