import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: "must be a comma-separated list of e-mail addresses" })));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: optionalText.pipe(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: "must be a postgres:// or postgresql:// URL",
      })
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  ),
  AUTH_SECRET: optionalText.pipe(
    z.string().min(32, { error: "must be at least 32 characters long" }).optional(),
  ),
  TRUST_PROXY: z.coerce
    .number({ error: "must be the number of proxies in front of the app (0 when none)" })
    .int()
    .min(0)
    .max(10)
    .default(0),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default("Lagos Tech Academy <no-reply@lagostechacademy.ng>"),
  NOTIFY_EMAILS: emailList,
  WHATSAPP_NUMBER: optionalText.pipe(
    z
      .string()
      .regex(/^[1-9]\d{7,14}$/, {
        error:
          "must be the number in international form, digits only, without '+' (e.g. 2348031234567)",
      })
      .optional(),
  ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(0)
    .max(600_000)
    .default(10_000),
  DEMO_ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).default("admin@academy.test"),
  DEMO_ADMIN_PASSWORD: z
    .string()
    .min(6, { error: "must be at least 6 characters long" })
    .default("demo-admin-2026"),
});

export type Env = z.infer<typeof envSchema> & {
  /** Embedded database with demo content: no DATABASE_URL. */
  demoMode: boolean;
  publicUrl: string;
};

let cached: Env | undefined;

/** Reads and validates the environment once; throws one message naming every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  if (value.DATABASE_URL && value.NODE_ENV === "production" && !value.AUTH_SECRET) {
    throw new Error(
      "Invalid environment configuration:\n  AUTH_SECRET: is required when DATABASE_URL is set in production",
    );
  }
  return {
    ...value,
    demoMode: !value.DATABASE_URL,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ""),
  };
}

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** Cookies are marked Secure when the site is served over HTTPS. */
export function servesHttps(config: Env = env()) {
  return config.publicUrl.startsWith("https://");
}

/** For tests: replace the cached environment. */
export function setEnvForTesting(next: Env | undefined) {
  cached = next;
}
