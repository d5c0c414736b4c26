import Printer from "lucide-react/icons/printer";
import { Button } from "./button";
import { useHydrated } from "./use-hydrated";

/**
 * Opens the browser's print dialog. Shown once JavaScript runs: without it, the page prints
 * as it is from the browser's own menu.
 */
export function PrintButton({ label = "Print" }: { label?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button type="button" variant="outline" onClick={() => window.print()}>
      <Printer aria-hidden="true" className="h-4 w-4" />
      {label}
    </Button>
  );
}
