import { z } from "zod";
import { poolDefaults } from "~/db/client.server";

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

/** "true"/"1" or "false"/"0"; unset or empty: `fallback`. */
const flag = (fallback: boolean) =>
  optionalText
    .pipe(z.enum(["true", "false", "1", "0"], { error: 'must be "true" or "false"' }).optional())
    .transform((value) => (value === undefined ? fallback : value === "true" || value === "1"));

/** A whole number of `unit` from `min` to `max`; unset: `fallback`. */
const wholeNumber = (unit: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int()
    .min(min)
    .max(max)
    .default(fallback);

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

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
  DATABASE_POOL_SIZE: wholeNumber("connections", 1, 1000, poolDefaults.maxConnections),
  DATABASE_POOL_WAIT_MS: wholeNumber("milliseconds", 100, 600_000, poolDefaults.waitMs),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
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
  REPLY_TO: optionalText.pipe(
    z.email({ error: "must be one e-mail address, e.g. hello@lagostechacademy.ng" }).optional(),
  ),
  NOTIFY_EMAILS: emailList,
  SEND_ACKNOWLEDGEMENTS: flag(true),
  WHATSAPP_NUMBER: optionalText.pipe(
    z
      .string()
      .regex(/^[1-9]\d{7,14}$/, {
        error:
          "must be the number in international form, digits only, without '+' (e.g. 2348031234567)",
      })
      .optional(),
  ),
  /** Meta's WhatsApp Cloud API: all five set turn the channel on (docs/whatsapp.md). */
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, { error: "must be the phone number's id (digits)" })
      .optional(),
  ),
  WHATSAPP_BUSINESS_ACCOUNT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, { error: "must be the business account's id (digits)" })
      .optional(),
  ),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText.pipe(
    z.string().min(16, { error: "must be at least 16 characters long" }).optional(),
  ),
  WHATSAPP_GRAPH_URL: optionalText
    .pipe(httpUrl.optional())
    .transform((url) => withoutTrailingSlash(url ?? "https://graph.facebook.com/v23.0")),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
      })
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(httpUrl.optional()),
  S3_REGION: optionalText.transform((value) => value ?? "auto"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag(false),
  S3_PUBLIC_URL: optionalText.pipe(
    httpUrl
      .refine((url) => !/[?#]/.test(url), {
        error: "must be an origin, optionally with a path, without ? or #",
      })
      .optional(),
  ),
  /** Paystack's secret key (sk_live_… or sk_test_…); unset: no card payments. */
  PAYSTACK_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^sk_(live|test)_\w{8,}$/, {
        error: "must be a Paystack secret key (sk_live_… or sk_test_…)",
      })
      .optional(),
  ),
  /**
   * The bank (Paystack's slug, e.g. wema-bank) of each accepted applicant's own account number
   * for transfers (Paystack's Dedicated Virtual Accounts, where the academy's Paystack account
   * has them); unset: transfers go to the academy's account, with a photo proof.
   */
  PAYSTACK_DEDICATED_ACCOUNT_BANK: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, { error: "must be a Paystack bank slug, e.g. wema-bank" })
      .optional(),
  ),
  PAYSTACK_BASE_URL: optionalText
    .pipe(httpUrl.optional())
    .transform((url) => withoutTrailingSlash(url ?? "https://api.paystack.co")),
  /**
   * The address visitors' answers come back to; each reply's Reply-To is made from it, with the
   * conversation's token after a '+' (replies+token@…). Unset: replies carry REPLY_TO.
   */
  INBOUND_REPLY_ADDRESS: optionalText.pipe(
    z.email({ error: "must be one e-mail address, e.g. replies@lagostechacademy.ng" }).optional(),
  ),
  /** A port to receive mail on over SMTP (mail forwarded to the academy's domain); unset: none. */
  INBOUND_SMTP_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, { error: "must be a port number" })
      .transform(Number)
      .pipe(z.number().min(1).max(65535, { error: "must be a port number" }))
      .optional(),
  ),
  INBOUND_SMTP_HOST: z.string().trim().min(1).default("0.0.0.0"),
  /** The mailbox to read answers from: imap(s)://host[:port]/[folder]; unset: none. */
  IMAP_URL: optionalText.pipe(
    z.url({ protocol: /^imaps?$/, error: "must be an imap:// or imaps:// URL" }).optional(),
  ),
  IMAP_USER: optionalText,
  IMAP_PASSWORD: optionalText,
  /** How often the mailbox is read when the server has no IDLE (and IDLE's own safety net). */
  IMAP_POLL_SECONDS: wholeNumber("seconds", 5, 3600, 60),
  SHUTDOWN_TIMEOUT_MS: wholeNumber("milliseconds", 0, 600_000, 10_000),
  DEMO_ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).default("admin@academy.test"),
  /**
   * How costly staff password hashes are: "standard" (Better Auth's scrypt cost) unless a test
   * suite says "test"; refused for a deployed site (decision 0076).
   */
  PASSWORD_HASH_COST: z
    .enum(["standard", "test"], { error: 'must be "standard" or "test"' })
    .default("standard"),
  DEMO_ADMIN_PASSWORD: z
    .string()
    .min(6, { error: "must be at least 6 characters long" })
    .default("demo-admin-2026"),
});

/** An S3-compatible bucket for uploads (app/lib/infra/storage/s3.server.ts). */
export type S3Config = {
  bucket: string;
  /** Unset: AWS S3 itself. Set for R2, B2, MinIO and the like. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own credential chain (AWS_* variables, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Where pages link uploads directly (a CDN or public bucket), without a trailing slash. */
  publicUrl: string | undefined;
};

export type Env = z.infer<typeof envSchema> & {
  /** Embedded database with demo content: no DATABASE_URL. */
  demoMode: boolean;
  publicUrl: string;
  /** Set when uploads go to object storage (S3_BUCKET), else they stay in DATA_DIR. */
  s3: S3Config | undefined;
  /** Set when the WhatsApp channel is configured (every WHATSAPP_* setting). */
  whatsapp: WhatsappConfig | undefined;
};

/** Meta's WhatsApp Cloud API, as this academy's number is connected to it. */
export type WhatsappConfig = {
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  appSecret: string;
  verifyToken: string;
  /** The Graph API's base URL with its version, without a trailing slash. */
  graphUrl: string;
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
  const problems = combinationProblems(value);
  if (problems.length) {
    throw new Error(
      `Invalid environment configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`,
    );
  }
  return {
    ...value,
    demoMode: !value.DATABASE_URL,
    publicUrl: withoutTrailingSlash(value.PUBLIC_URL ?? `http://localhost:${value.PORT}`),
    s3: s3Config(value),
    whatsapp: whatsappConfig(value),
  };
}

type ParsedEnv = z.infer<typeof envSchema>;

/** The WhatsApp channel needs all of these, or none. */
const whatsappSettings = [
  "WHATSAPP_ACCESS_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_BUSINESS_ACCOUNT_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/** Rules between variables, each a line naming the variable to fix. */
function combinationProblems(value: ParsedEnv): string[] {
  const problems: string[] = [];
  if (value.DATABASE_URL && value.NODE_ENV === "production" && !value.AUTH_SECRET) {
    problems.push("AUTH_SECRET: is required when DATABASE_URL is set in production");
  }
  const s3Settings = (
    ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const
  ).filter((name) => value[name]);
  if (!value.S3_BUCKET && s3Settings.length) {
    problems.push(`S3_BUCKET: is required when ${s3Settings.join(", ")} is set`);
  }
  if (value.S3_ACCESS_KEY_ID && !value.S3_SECRET_ACCESS_KEY) {
    problems.push("S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set");
  }
  if (value.S3_SECRET_ACCESS_KEY && !value.S3_ACCESS_KEY_ID) {
    problems.push("S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set");
  }
  const whatsappSet = whatsappSettings.filter((name) => value[name]);
  if (whatsappSet.length && whatsappSet.length < whatsappSettings.length) {
    const missing = whatsappSettings.filter((name) => !value[name]);
    problems.push(`${missing.join(", ")}: required when ${whatsappSet.join(", ")} is set`);
  }
  if (value.PASSWORD_HASH_COST === "test" && !isTestOrLocal(value)) {
    problems.push(
      "PASSWORD_HASH_COST: test is for the test suites; it is refused unless NODE_ENV is test or PUBLIC_URL is on this machine (localhost, 127.0.0.1)",
    );
  }
  if (value.PAYSTACK_DEDICATED_ACCOUNT_BANK && !value.PAYSTACK_SECRET_KEY) {
    problems.push("PAYSTACK_SECRET_KEY: is required when PAYSTACK_DEDICATED_ACCOUNT_BANK is set");
  }
  if (value.IMAP_URL && !(value.IMAP_USER && value.IMAP_PASSWORD)) {
    problems.push("IMAP_USER, IMAP_PASSWORD: are required when IMAP_URL is set");
  }
  return problems;
}

/**
 * Whether this is a test run or a site on this machine: NODE_ENV=test (a test runner), or a
 * PUBLIC_URL on localhost, 127.x or [::1]. A deployed site is neither.
 */
function isTestOrLocal(value: ParsedEnv) {
  if (value.NODE_ENV === "test") return true;
  if (!value.PUBLIC_URL) return false;
  const host = new URL(value.PUBLIC_URL).hostname;
  return host === "localhost" || host === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(host);
}

function s3Config(value: ParsedEnv): S3Config | undefined {
  if (!value.S3_BUCKET) return undefined;
  return {
    bucket: value.S3_BUCKET,
    endpoint: value.S3_ENDPOINT,
    region: value.S3_REGION,
    credentials:
      value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: value.S3_ACCESS_KEY_ID, secretAccessKey: value.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: value.S3_FORCE_PATH_STYLE,
    publicUrl: value.S3_PUBLIC_URL && withoutTrailingSlash(value.S3_PUBLIC_URL),
  };
}

function whatsappConfig(value: ParsedEnv): WhatsappConfig | undefined {
  const {
    WHATSAPP_ACCESS_TOKEN: accessToken,
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_BUSINESS_ACCOUNT_ID: businessAccountId,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: verifyToken,
  } = value;
  if (!(accessToken && phoneNumberId && businessAccountId && appSecret && verifyToken))
    return undefined;
  const graphUrl = value.WHATSAPP_GRAPH_URL;
  return { accessToken, phoneNumberId, businessAccountId, appSecret, verifyToken, graphUrl };
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

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
