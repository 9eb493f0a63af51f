import { lazy, type ReactNode, Suspense } from "react";

// Loaded only while the site is in maintenance: every other visit, nearly all of them, would
// download the dialog and its icon for nothing.
const MaintenanceDialog = lazy(() => import("./maintenance-dialog"));

export function MaintenanceGate({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <>
      <div inert={active} className="contents">
        {children}
      </div>
      {active ? (
        <Suspense>
          <MaintenanceDialog />
        </Suspense>
      ) : null}
    </>
  );
}
