import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is the page: let the browser paint it before React takes over, so the
// first paint never waits for hydration (on a fast connection the scripts arrive before the
// first frame and would otherwise hold it back).
requestAnimationFrame(() => setTimeout(hydrate, 0));
