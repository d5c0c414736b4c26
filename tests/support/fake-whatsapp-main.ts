import { startFakeWhatsapp } from "./fake-whatsapp";

/**
 * The fake WhatsApp Cloud API as a process of its own, for the browser tests' portal server:
 * FAKE_WHATSAPP_PORT, and where its deliveries go (the portal's webhook). The tests drive it
 * through `/_fake/deliver` and read what was sent at `/_fake/sent`.
 */
const port = Number(process.env.FAKE_WHATSAPP_PORT);
const webhookUrl = process.env.FAKE_WHATSAPP_WEBHOOK_URL;
if (!port || !webhookUrl)
  throw new Error("FAKE_WHATSAPP_PORT and FAKE_WHATSAPP_WEBHOOK_URL are required");
const fake = await startFakeWhatsapp({
  accessToken: "EAAG-e2e-token",
  appSecret: "e2e-app-secret",
  phoneNumberId: "106540352242922",
  businessAccountId: "102290129340398",
  webhookUrl,
  port,
  control: true,
});
console.log(`Fake WhatsApp (test) listening at ${fake.graphUrl}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void fake.close());
