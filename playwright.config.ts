import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;
// A new data folder for every run: the server creates, migrates and seeds it on start. Kept in
// the environment so test workers (other processes) find it, e.g. to read the e-mail outbox.
process.env.E2E_DATA_DIR ??= `.tmp/e2e-data-${Date.now()}`;
export const dataDir = process.env.E2E_DATA_DIR;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  // Keep Chromium from calling home: this machine's network is closed.
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
  ],
};

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
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    {
      name: "phone",
      use: {
        ...devices["Pixel 5"],
        viewport: { width: 360, height: 740 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      NOTIFY_EMAILS: "staff@academy.test",
      PUBLIC_URL: baseURL,
      // The tests act as a proxy in front of the app, so each test can be its own visitor
      // (X-Forwarded-For) and rate limits can be tested per address.
      TRUST_PROXY: "1",
    },
  },
});
