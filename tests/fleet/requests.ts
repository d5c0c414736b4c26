import type { AppServer } from "../support/app-server";

/** What a request came back with: its status (or "network" when none came) and its body. */
export type Answer = { status: number | "network"; body: string; location?: string | null };

/**
 * A form posted as a browser without JavaScript posts it, from an address of its own; with
 * `redirect: "manual"` a redirect is not followed and its target is in `location`.
 */
export async function postForm(
  server: AppServer,
  path: string,
  address: string,
  fields: Record<string, string>,
  redirect: RequestRedirect = "follow",
): Promise<Answer> {
  try {
    const response = await fetch(new URL(path, server.origin), {
      method: "POST",
      redirect,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": address,
      },
      body: new URLSearchParams(fields),
    });
    return {
      status: response.status,
      body: await response.text(),
      location: response.headers.get("location"),
    };
  } catch (error) {
    return { status: "network", body: String(error) };
  }
}

/** `run` for each of `count` items, at most `limit` at a time, results in the items' order. */
export async function inFlight<R>(
  limit: number,
  count: number,
  run: (index: number) => Promise<R>,
) {
  const results: R[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await run(index);
      }
    }),
  );
  return results;
}

/** The answers counted by status: '200×998, 503×2'. */
export function summarise(answers: Pick<Answer, "status">[]) {
  const counts = new Map<string, number>();
  for (const answer of answers)
    counts.set(String(answer.status), (counts.get(String(answer.status)) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status}×${count}`).join(", ") || "none";
}
