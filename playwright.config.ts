import { defineConfig, devices } from "@playwright/test";

// Two servers, each on a new data folder holding the demo content: one
// for the public site's tests, one for the portal's, so staff changes (a new course, a
// deactivated one) never shift what the public tests count. The folders are kept in the
// environment so test workers (other processes) find them, e.g. to read the e-mail outbox.
const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;
export const portalBaseURL = `http://127.0.0.1:${port + 1}`;
process.env.E2E_DATA_DIR ??= `.tmp/e2e-data-${Date.now()}`;
process.env.E2E_PORTAL_DATA_DIR ??= `${process.env.E2E_DATA_DIR}-portal`;
export const dataDir = process.env.E2E_DATA_DIR;
export const portalDataDir = process.env.E2E_PORTAL_DATA_DIR;

const chromium = {
  // Debian's build of Chromium's headless shell: the same engine as /usr/bin/chromium without
  // its browser window's machinery; pages open in about half the time (decision 0079).
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  // Keep Chromium from calling home: this machine's network is closed.
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
  ],
};

const demoAdminPasswordTests = "portal/demo-credentials.spec.ts";

const desktop = { ...devices["Desktop Chrome"], launchOptions: chromium };
export const phone = {
  ...devices["Pixel 5"],
  viewport: { width: 360, height: 740 },
  launchOptions: chromium,
};

/** The browser tests pay through a fake Paystack of their own (tests/support/fake-paystack.ts). */
const paystackPort = port + 2;
const paystack = {
  secretKey: "sk_test_e2e0000000000000",
  baseUrl: `http://127.0.0.1:${paystackPort}`,
};
/** Where the fake Paystack serves its checkout and demo bank pages. */
export const paystackBaseUrl = paystack.baseUrl;

/** The portal's server talks to a fake WhatsApp Cloud API (tests/support/fake-whatsapp.ts). */
export const whatsappPort = port + 4;
const whatsapp = {
  WHATSAPP_ACCESS_TOKEN: "EAAG-e2e-token",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_BUSINESS_ACCOUNT_ID: "102290129340398",
  WHATSAPP_APP_SECRET: "e2e-app-secret",
  WHATSAPP_VERIFY_TOKEN: "e2e-verify-token-0001",
  WHATSAPP_GRAPH_URL: `http://127.0.0.1:${whatsappPort}/v23.0`,
};

/** The portal's server receives visitors' answers over SMTP on this port (a forwarded domain). */
export const inboundSmtpPort = port + 3;
export const inboundReplyAddress = "replies@academy.test";

function server(serverPort: number, folder: string, extraEnv: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    // A copy of the demo data seeded once per build (tests/support/demo-data.ts), then the server.
    command: `npx tsx tests/support/demo-data-main.ts ${folder} && exec node server.js`,
    url: `${url}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(serverPort),
      DATA_DIR: folder,
      NOTIFY_EMAILS: "staff@academy.test",
      WHATSAPP_NUMBER: "2348031234567",
      PUBLIC_URL: url,
      // The tests act as a proxy in front of the app, so each test can be its own visitor
      // (X-Forwarded-For) and rate limits can be tested per address.
      TRUST_PROXY: "1",
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.baseUrl,
      INBOUND_REPLY_ADDRESS: inboundReplyAddress,
      // Each test signs a new staff member in: hashes at a test suite's cost (decision 0076).
      PASSWORD_HASH_COST: "test",
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e-results.json" }]],
  use: {
    baseURL,
    // Traces cost about a quarter of the run; E2E_TRACE=1 keeps them for failed tests.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", testIgnore: "portal/**", use: desktop },
    // On a phone, what can break there: layout, menus, forms with and without JavaScript,
    // axe at 360 px (tagged @phone). The rest does not depend on the width.
    { name: "phone", testIgnore: ["portal/**", "outage/**"], grep: /@phone/, use: phone },
    {
      name: "portal",
      testMatch: "portal/**/*.spec.ts",
      testIgnore: demoAdminPasswordTests,
      use: { ...desktop, baseURL: portalBaseURL },
    },
    // On a phone, the portal's smoke tests (tagged @phone).
    {
      name: "portal-phone",
      testMatch: "portal/**/*.spec.ts",
      testIgnore: demoAdminPasswordTests,
      grep: /@phone/,
      use: { ...phone, baseURL: portalBaseURL },
    },
    // Changing the demo admin's password ends the sessions the other portal tests use: last.
    {
      name: "portal-demo-admin",
      testMatch: demoAdminPasswordTests,
      dependencies: ["portal", "portal-phone"],
      use: { ...desktop, baseURL: portalBaseURL },
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/support/fake-paystack-main.ts",
      port: paystackPort,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        FAKE_PAYSTACK_PORT: String(paystackPort),
        FAKE_PAYSTACK_SECRET_KEY: paystack.secretKey,
        FAKE_PAYSTACK_WEBHOOK_URL: `${baseURL}/webhooks/paystack`,
      },
    },
    // The public site's server gives accepted applicants their own account numbers (decision
    // 0078): Paystack's webhook, sent here, records the transfers into them.
    server(port, dataDir ?? "", { PAYSTACK_DEDICATED_ACCOUNT_BANK: "test-bank" }),
    {
      command: "npx tsx tests/support/fake-whatsapp-main.ts",
      port: whatsappPort,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        FAKE_WHATSAPP_PORT: String(whatsappPort),
        FAKE_WHATSAPP_WEBHOOK_URL: `${portalBaseURL}/webhooks/whatsapp`,
      },
    },
    server(port + 1, portalDataDir ?? "", {
      INBOUND_SMTP_PORT: String(inboundSmtpPort),
      ...whatsapp,
    }),
  ],
});
