import { type ComponentType, lazy } from "react";

/**
 * A component loaded when it is first shown, not with its page: for a part the page opens on
 * demand (a record's detail, a confirmation) that carries code the page's first view does not
 * need, such as the form library. The server renders it in place (entry.server.tsx waits for
 * the whole page), so the page is complete without JavaScript; in the browser its chunk is
 * fetched when it first appears, behind the nearest `<Suspense>`. `preload()` fetches it
 * earlier, for a part drawn inside another lazy part, so the two load side by side.
 */
export function lazyPart<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
) {
  // biome-ignore lint/suspicious/noExplicitAny: any component's props
  type Part = Module[Name] extends ComponentType<any> ? Module[Name] : never;
  const Loaded = lazy(async () => ({ default: (await load())[name] as Part }));
  return Object.assign(Loaded, { preload: () => void load() });
}
