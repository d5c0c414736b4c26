import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layer check (.dependency-cruiser.cjs, run by `npm run lint:layers`) over a small tree that
// breaks each of its rules once (tests/fixtures/layers): a rule that stops firing fails here.

const config = path.resolve(".dependency-cruiser.cjs");
const fixture = path.resolve("tests/fixtures/layers");
const ruleNames: string[] = createRequire(import.meta.url)(config).forbidden.map(
  (rule: { name: string }) => rule.name,
);

type Violation = { from: string; to: string; rule: { name: string } };

function fixtureViolations(): string[] {
  const output = (() => {
    try {
      return execFileSync(
        path.resolve("node_modules/.bin/depcruise"),
        ["app", "server", "--config", config, "--output-type", "json"],
        { cwd: fixture, encoding: "utf8" },
      );
    } catch (error) {
      // depcruise exits non-zero when it finds violations: the report is still on stdout.
      return (error as { stdout: string }).stdout;
    }
  })();
  const violations: Violation[] = JSON.parse(output).summary.violations;
  return violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`).sort();
}

describe("layer check", () => {
  it("finds the planted violation of each rule, and nothing else", () => {
    const found = fixtureViolations();
    expect(found).toEqual([
      "app-imports-no-process-tests-or-scripts: app/entry.client.tsx -> scripts/seed.ts",
      "applicant-side-imports-no-staff-side: app/features/shop/applicant/basket.ts -> app/features/shop/staff/order-status.ts",
      "browser-code-imports-no-tables: app/features/shop/order-badge.tsx -> app/db/schema/index.ts",
      "db-imports-nothing-of-ours: app/db/client.ts -> app/lib/text.ts",
      "feature-root-imports-no-room: app/features/shop/orders.ts -> app/features/shop/staff/order-list.ts",
      "features-import-ui-lib-db-features: app/features/shop/cart.ts -> app/root.tsx",
      "kits-import-no-feature: app/features/uploads/reader.ts -> app/features/users/names.ts",
      "lib-imports-lib-and-db: app/lib/menu.ts -> app/features/shop/prices.ts",
      "no-folder-cycles: app/features/a -> app/features/b",
      "no-folder-cycles: app/features/b -> app/features/a",
      "no-module-cycles: app/lib/ping.ts -> app/lib/pong.ts",
      "no-other-features-components: app/features/shop/checkout.ts -> app/features/users/avatar.tsx",
      "nothing-imports-routes: app/entry.server.tsx -> app/routes/home.tsx",
      "payment-gateway-imports-no-payments: app/features/payments/gateway/paystack.ts -> app/features/payments/money.ts",
      "process-imports-no-routes-or-ui: server/app.ts -> app/routes/home.tsx",
      "process-imports-no-routes-or-ui: server/render.ts -> app/ui/table.tsx",
      "routes-import-features-ui-lib-db: app/routes/home.tsx -> app/root.tsx",
      "staff-side-imports-no-applicant-side: app/features/messages/inbox/list.ts -> app/features/messages/intake/form-schema.ts",
      "staff-side-imports-no-applicant-side: app/features/shop/staff/order-list.ts -> app/features/users/applicant/profile-schema.ts",
      "ui-groups-share-only-root-and-form: app/ui/list/pager.tsx -> app/ui/public-form/consent.tsx",
      "ui-imports-ui-and-lib: app/ui/table.tsx -> app/db/client.ts",
      "ui-root-imports-no-group: app/ui/button.tsx -> app/ui/form/field.tsx",
    ]);
    // A rule added to the check gets its planted violation here too.
    expect(new Set(found.map((line) => line.split(":")[0]))).toEqual(new Set(ruleNames));
  }, 30_000);
});
