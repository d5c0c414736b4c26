// The layer graph (docs/architecture.md, "Where code goes"), checked on resolved paths: an import
// counts whatever it is written as (`~/…` alias, relative path, `import type`). Run it with
// `npm run lint:layers`; tests/unit/layers.test.ts proves every rule fires on a planted violation.

/** Any module of ours: the app, the process, the tests and the scripts. */
const ours = "^(app|server|tests|scripts)/|^server\\.js$";

/** Features that every other may use and that use none: docs/decisions/0064. */
const kits = ["uploads", "reply-clock", "jobs", "outgoing-mail"];

/** A feature's rooms by audience (docs/decisions/0064): what the public sees, what staff see. */
const applicantRooms = ["applicant", "catalogue", "intake", "sponsor"];
const staffRooms = ["staff", "admin", "inbox"];

/** A forbidden dependency: every rule of the layer graph fails the check. */
const rule = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: "error",
  from,
  to,
  ...extra,
});

/** Modules under `folder` (of app/) may import, of ours, only the modules under `allowed`. */
const importsOnly = (name, comment, folder, allowed) =>
  rule(
    name,
    comment,
    { path: `^app/${folder}/` },
    { path: ours, pathNot: `^app/(${allowed.join("|")})/` },
  );

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    importsOnly(
      "db-imports-nothing-of-ours",
      "app/db is the bottom layer: the schema and the client know no helper or feature.",
      "db",
      ["db"],
    ),
    importsOnly(
      "lib-imports-lib-and-db",
      "app/lib holds helpers: they may use each other and the database, nothing above.",
      "lib",
      ["lib", "db"],
    ),
    importsOnly(
      "ui-imports-ui-and-lib",
      "app/ui holds shared primitives: they may use each other and lib, not the database.",
      "ui",
      ["ui", "lib"],
    ),
    importsOnly(
      "features-import-ui-lib-db-features",
      "A feature builds on ui, lib, db and other features; never on routes or the app shell.",
      "features",
      ["ui", "lib", "db", "features"],
    ),
    rule(
      "no-other-features-components",
      "A feature may use another feature's services and schemas, never its components (.tsx); a kit's are for everyone.",
      { path: "^app/features/([^/]+)/" },
      { path: "^app/features/[^/]+/.+\\.tsx$", pathNot: `^app/features/($1|${kits.join("|")})/` },
    ),
    rule(
      "browser-code-imports-no-tables",
      "Code that may run in the browser takes the schema's value lists from db/schema/values.ts: the tables and drizzle-orm stay on the server (a type import is free).",
      { path: "^app/", pathNot: "\\.server\\.tsx?$|^app/db/" },
      {
        path: "^app/db/schema/",
        pathNot: "^app/db/schema/values\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    ),
    rule(
      "kits-import-no-feature",
      "A kit (uploads, the reply clock, jobs, outgoing mail) serves every feature and knows none (decision 0064).",
      { path: `^app/features/(${kits.join("|")})/` },
      { path: "^app/features/", pathNot: "^app/features/($1|jobs)/" },
    ),
    rule(
      "feature-root-imports-no-room",
      "A feature's root holds what its rooms share (rules, state changes, e-mails): it never reaches into a room of its own.",
      { path: "^app/features/([^/]+)/[^/]+$" },
      { path: `^app/features/$1/(${applicantRooms.join("|")}|${staffRooms.join("|")})/` },
    ),
    rule(
      "applicant-side-imports-no-staff-side",
      "What visitors and applicants see (applicant, catalogue, intake rooms) is built without the staff's rooms of any feature.",
      { path: `^app/features/[^/]+/(${applicantRooms.join("|")})/` },
      { path: `^app/features/[^/]+/(${staffRooms.join("|")})/` },
    ),
    rule(
      "staff-side-imports-no-applicant-side",
      "The staff's rooms (staff, admin, inbox) share with the public side only through a feature's root.",
      { path: `^app/features/[^/]+/(${staffRooms.join("|")})/` },
      { path: `^app/features/[^/]+/(${applicantRooms.join("|")})/` },
    ),
    rule(
      "payment-gateway-imports-no-payments",
      "payments/gateway is the bottom of payments: the gateways behind one interface, knowing nothing of places or instalments.",
      { path: "^app/features/payments/gateway/" },
      { path: "^app/features/", pathNot: "^app/features/payments/gateway/" },
    ),
    rule(
      "ui-root-imports-no-group",
      "ui/'s root holds the primitives (button, modal, section): the form, public-form, list and triage groups build on them.",
      { path: "^app/ui/[^/]+$" },
      { path: "^app/ui/[^/]+/" },
    ),
    rule(
      "ui-groups-share-only-root-and-form",
      "A ui group uses the primitives and the form group, never another group (a list is not a public form).",
      { path: "^app/ui/([^/]+)/" },
      { path: "^app/ui/[^/]+/", pathNot: "^app/ui/($1|form)/" },
    ),
    importsOnly(
      "routes-import-features-ui-lib-db",
      "A route module is thin: it uses features, ui, lib and db.",
      "routes",
      ["features", "ui", "lib", "db"],
    ),
    rule(
      "nothing-imports-routes",
      "Route modules are reached through app/routes.ts only: no other module of the app imports one.",
      { path: "^app/", pathNot: "^app/(routes/|routes\\.ts$|root\\.tsx$)" },
      { path: "^app/routes/" },
    ),
    rule(
      "app-imports-no-process-tests-or-scripts",
      "app/ is left to React Router: it never reaches into the process (server/), tests or scripts.",
      { path: "^app/" },
      { path: "^(server|tests|scripts)/|^server\\.js$" },
    ),
    rule(
      "process-imports-no-routes-or-ui",
      "The process (server/) uses features, lib and db; the routes and their components come in as the build.",
      { path: "^server/" },
      { path: "^app/(routes|ui)/|^app/root\\.tsx$|^app/features/.+\\.tsx$" },
    ),
    rule(
      "no-folder-cycles",
      "No two folders (features, lib's groups, …) depend on each other, directly or through others.",
      { path: "^(app|server)/" },
      { circular: true },
      { scope: "folder" },
    ),
    rule(
      "no-module-cycles",
      "No two modules depend on each other, directly or through others, within a folder too.",
      { path: "^(app|server)/" },
      { circular: true },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
