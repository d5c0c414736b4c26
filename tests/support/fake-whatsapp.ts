import { createHash, createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake of Meta's WhatsApp Cloud API (the Graph API) for tests (the machine has no internet):
 * a real HTTP server on a free local port that answers the calls the academy makes as Meta's
 * reference documents them, and delivers signed webhooks to the app as Meta does.
 *
 * - Every call wants `Authorization: Bearer <accessToken>`; another token gets Meta's 401 with
 *   error code 190. Errors are `{ error: { message, type, code, error_data: { details },
 *   fbtrace_id } }`.
 * - `POST /<version>/<phone-number-id>/messages`: a text (`text.body`, at most 4,096 characters) or
 *   an approved template whose parameters match its body's `{{n}}`; answers
 *   `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }`. As on
 *   Meta, a text outside the person's 24-hour window is accepted and then fails: its `failed`
 *   status (131047, "Re-engagement message") comes by webhook. A number that is not one gets
 *   131026 the same way; `failNextSend` makes the next send answer an error at once (130429
 *   "Rate limit hit", 131030 "Recipient phone number not in allowed list", 100 …).
 * - `GET /<version>/<media-id>`: `{ url, mime_type, sha256, file_size, id }`; the url (on this
 *   server) needs the token too, and `expireMedia` makes it answer 404 as an expired link does.
 * - `GET /<version>/<waba-id>/message_templates`: the templates, paged by `paging.next` (two per
 *   page, so the paging is exercised).
 * - `deliverMessage` and `deliverStatus` post what Meta posts to the app's webhook, signed with
 *   the app secret (or a wrong one), and can deliver the same event twice or out of order.
 */

export type FakeTemplate = {
  name: string;
  language: string;
  status: "APPROVED" | "PENDING" | "REJECTED" | "PAUSED" | "DISABLED";
  category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
  body: string;
};

export type SentMessage = {
  wamid: string;
  to: string;
  type: "text" | "template";
  text: string | null;
  template: { name: string; language: string; parameters: string[] } | null;
};

export type FakeMedia = { id: string; mimeType: string; content: Buffer; expired: boolean };

type Answer = { status: number; body: unknown };

export const defaultTemplates: FakeTemplate[] = [
  {
    name: "course_follow_up",
    language: "en",
    status: "APPROVED",
    category: "UTILITY",
    body: "Hello {{1}}, this is Lagos Tech Academy following up on your question about {{2}}. Reply to this message and we will answer you here.",
  },
  {
    name: "intake_reminder",
    language: "en",
    status: "APPROVED",
    category: "UTILITY",
    body: "Hello {{1}}, the next intake of {{2}} starts on {{3}}.",
  },
  {
    name: "promo_blast",
    language: "en",
    status: "REJECTED",
    category: "MARKETING",
    body: "Big sale!",
  },
  {
    name: "hello_academy",
    language: "en_GB",
    status: "APPROVED",
    category: "UTILITY",
    body: "Hello from Lagos Tech Academy. We have an answer to your message: reply and we will send it.",
  },
];

const WINDOW_MS = 24 * 3_600_000;

export async function startFakeWhatsapp({
  accessToken,
  appSecret,
  phoneNumberId,
  businessAccountId,
  webhookUrl,
  deliverTo,
  templates = defaultTemplates,
  port = 0,
  version = "v23.0",
  control = false,
}: {
  /** Serve `/_fake/deliver` and `/_fake/sent` for a test in another process. */
  control?: boolean;
  accessToken: string;
  appSecret: string;
  phoneNumberId: string;
  businessAccountId: string;
  /** Where deliveries go (the app's `/webhooks/whatsapp`); settable later with `setWebhookUrl`. */
  webhookUrl?: string;
  /** Instead of a URL: hands each delivery to the app's route in the same process. */
  deliverTo?: (rawBody: string, signature: string) => Promise<number>;
  templates?: FakeTemplate[];
  port?: number;
  version?: string;
}) {
  const sent: SentMessage[] = [];
  const media = new Map<string, FakeMedia>();
  /** When each person last wrote (digits), which opens their window. */
  const lastInbound = new Map<string, number>();
  const failures: { status: number; code: number; title: string; details: string }[] = [];
  const requests: { method: string; path: string }[] = [];
  let hookUrl = webhookUrl;
  let serial = 0;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(String(error));
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const graphUrl = `${origin}/${version}`;

  const newWamid = () =>
    `wamid.HBgN${Buffer.from(`${Date.now()}-${++serial}-${randomBytes(6).toString("hex")}`).toString("base64url")}`;

  function graphError(status: number, code: number, message: string, details?: string): Answer {
    return {
      status,
      body: {
        error: {
          message: `(#${code}) ${message}`,
          type: "OAuthException",
          code,
          error_data: { messaging_product: "whatsapp", details: details ?? message },
          fbtrace_id: randomBytes(8).toString("base64url"),
        },
      },
    };
  }

  async function readJson(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return null;
    }
  }

  function approved(name: unknown, language: unknown) {
    return templates.find(
      (template) =>
        template.name === name && template.language === language && template.status === "APPROVED",
    );
  }

  function send(body: Record<string, unknown>): Answer {
    if (body.messaging_product !== "whatsapp")
      return graphError(400, 100, "Invalid parameter", "messaging_product must be whatsapp");
    const to = typeof body.to === "string" ? body.to.replace(/^\+/, "") : "";
    if (!/^\d{6,15}$/.test(to))
      return graphError(400, 100, "Invalid parameter", "Parameter 'to' is not a phone number");
    const failure = failures.shift();
    if (failure) return graphError(failure.status, failure.code, failure.title, failure.details);
    let message: SentMessage;
    if (body.type === "text") {
      const text = (body.text as { body?: unknown } | undefined)?.body;
      if (typeof text !== "string" || !text.length || text.length > 4096)
        return graphError(400, 100, "Invalid parameter", "text.body must be 1 to 4096 characters");
      message = { wamid: newWamid(), to, type: "text", text, template: null };
    } else if (body.type === "template") {
      const template = body.template as
        | { name?: unknown; language?: { code?: unknown }; components?: unknown }
        | undefined;
      const known = approved(template?.name, template?.language?.code);
      if (!known) return graphError(404, 132001, "Template name does not exist in the translation");
      const components = Array.isArray(template?.components) ? template.components : [];
      const bodyPart = components.find((part: { type?: unknown }) => part?.type === "body") as
        | { parameters?: { type?: unknown; text?: unknown }[] }
        | undefined;
      const parameters = (bodyPart?.parameters ?? []).map((parameter) =>
        typeof parameter?.text === "string" ? parameter.text : "",
      );
      const expected = new Set(known.body.match(/\{\{\d+\}\}/g) ?? []).size;
      if (parameters.length !== expected || parameters.some((text) => !text))
        return graphError(
          400,
          132000,
          "Number of parameters does not match the expected number of params",
        );
      message = {
        wamid: newWamid(),
        to,
        type: "template",
        text: null,
        template: { name: known.name, language: known.language, parameters },
      };
    } else {
      return graphError(400, 100, "Invalid parameter", "Unsupported message type");
    }
    sent.push(message);
    // As on Meta: accepted now, refused later by a webhook when it cannot be delivered.
    const last = lastInbound.get(to);
    const outsideWindow = message.type === "text" && (!last || Date.now() - last > WINDOW_MS);
    setTimeout(() => {
      if (outsideWindow)
        void deliverStatus(message.wamid, "failed", {
          error: { code: 131047, title: "Re-engagement message" },
          recipient: to,
        }).catch(() => undefined);
      else void deliverStatus(message.wamid, "sent", { recipient: to }).catch(() => undefined);
    }, 20);
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: message.wamid }],
      },
    };
  }

  function templatePage(after: number): Answer {
    const page = templates.slice(after, after + 2).map((template) => ({
      name: template.name,
      language: template.language,
      status: template.status,
      category: template.category,
      id: `tpl-${template.name}`,
      components: [{ type: "BODY", text: template.body }],
    }));
    const next =
      after + 2 < templates.length
        ? `${graphUrl}/${businessAccountId}/message_templates?after=${after + 2}`
        : undefined;
    return {
      status: 200,
      body: { data: page, paging: { cursors: {}, ...(next ? { next } : {}) } },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", origin);
    requests.push({ method: request.method ?? "GET", path: url.pathname });
    const reply = (answer: Answer) => {
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    };
    // The test's own controls, when the fake runs as a process of its own (no Meta path).
    if (control && url.pathname === "/_fake/deliver" && request.method === "POST") {
      const options = (await readJson(request)) as InboundOptions & { at?: string };
      const at = options.at ? new Date(options.at) : undefined;
      const delivered = await deliverMessage({ ...options, at });
      return reply({ status: 200, body: { wamid: delivered.wamid, status: delivered.status } });
    }
    if (control && url.pathname === "/_fake/sent") return reply({ status: 200, body: sent });
    if (request.headers.authorization !== `Bearer ${accessToken}`)
      return reply(graphError(401, 190, "Invalid OAuth access token - Cannot parse access token"));
    const parts = url.pathname.split("/").filter(Boolean);
    // The media download link: /download/<media-id>.
    if (parts[0] === "download" && request.method === "GET") {
      const item = media.get(parts[1] ?? "");
      if (!item || item.expired) return reply({ status: 404, body: { error: "expired" } });
      response.writeHead(200, {
        "content-type": item.mimeType,
        "content-length": String(item.content.length),
      });
      response.end(item.content);
      return;
    }
    if (parts[0] !== version) return reply(graphError(400, 2500, "Unknown path components"));
    if (request.method === "POST" && parts[1] === phoneNumberId && parts[2] === "messages")
      return reply(send(((await readJson(request)) ?? {}) as Record<string, unknown>));
    if (
      request.method === "GET" &&
      parts[1] === businessAccountId &&
      parts[2] === "message_templates"
    )
      return reply(templatePage(Number(url.searchParams.get("after") ?? 0)));
    if (request.method === "GET" && parts.length === 2) {
      const item = media.get(parts[1] ?? "");
      if (!item) return reply(graphError(400, 100, "Invalid parameter", "Unknown media id"));
      return reply({
        status: 200,
        body: {
          messaging_product: "whatsapp",
          url: `${origin}/download/${item.id}`,
          mime_type: item.mimeType,
          sha256: createHash("sha256").update(item.content).digest("hex"),
          file_size: item.content.length,
          id: item.id,
        },
      });
    }
    return reply(graphError(400, 100, "Invalid parameter", "Unsupported request"));
  }

  /** Posts a delivery to the app's webhook as Meta does: `X-Hub-Signature-256` over the raw body. */
  async function post(
    payload: unknown,
    { badSignature = false, url = hookUrl }: { badSignature?: boolean; url?: string } = {},
  ) {
    const body = JSON.stringify(payload);
    const secret = badSignature ? `${appSecret}-wrong` : appSecret;
    const signature = createHmac("sha256", secret).update(body).digest("hex");
    if (deliverTo) return deliverTo(body, `sha256=${signature}`);
    if (!url) throw new Error("The fake WhatsApp has no webhook URL to deliver to");
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${signature}` },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: businessAccountId,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "2348000000000", phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });

  /** A visitor's message as Meta delivers it; it opens their 24-hour window. */
  function inboundPayload(message: InboundOptions) {
    const from = message.from;
    const wamid = message.wamid ?? newWamid();
    const timestamp = Math.floor((message.at ?? new Date()).getTime() / 1000);
    const body: Record<string, unknown> = {
      from,
      id: wamid,
      timestamp: String(timestamp),
      type: message.type ?? "text",
      ...(message.contextWamid
        ? { context: { from: "2348000000000", id: message.contextWamid } }
        : {}),
    };
    if ((message.type ?? "text") === "text") body.text = { body: message.text ?? "" };
    else if (message.type === "location") body.location = message.location;
    else if (message.mediaId) {
      body[message.type as string] = {
        id: message.mediaId,
        mime_type: media.get(message.mediaId)?.mimeType ?? "application/octet-stream",
        ...(message.caption ? { caption: message.caption } : {}),
        ...(message.filename ? { filename: message.filename } : {}),
      };
    }
    return {
      wamid,
      timestamp,
      payload: envelope({
        contacts: [{ profile: { name: message.name ?? "Visitor" }, wa_id: from }],
        messages: [body],
      }),
    };
  }

  /** Delivers a visitor's message; resolves to its wamid and the app's HTTP status. */
  async function deliverMessage(message: InboundOptions, options: { badSignature?: boolean } = {}) {
    const { wamid, timestamp, payload } = inboundPayload(message);
    const latest = lastInbound.get(message.from) ?? 0;
    lastInbound.set(message.from, Math.max(latest, timestamp * 1000));
    const status = await post(payload, options);
    return { wamid, status, payload };
  }

  /** A status of one of our messages, as Meta delivers it. */
  function statusPayload(
    wamid: string,
    status: "sent" | "delivered" | "read" | "failed",
    { error, recipient = "2348000000001", at = new Date() }: StatusOptions = {},
  ) {
    return envelope({
      statuses: [
        {
          id: wamid,
          status,
          timestamp: String(Math.floor(at.getTime() / 1000)),
          recipient_id: recipient,
          ...(error ? { errors: [{ code: error.code, title: error.title }] } : {}),
        },
      ],
    });
  }

  async function deliverStatus(
    wamid: string,
    status: "sent" | "delivered" | "read" | "failed",
    options: StatusOptions & { badSignature?: boolean } = {},
  ) {
    return post(statusPayload(wamid, status, options), options);
  }

  return {
    graphUrl,
    requests,
    sent,
    setWebhookUrl: (url: string) => {
      hookUrl = url;
    },
    /** Keeps a file a visitor sends; its id goes in `deliverMessage`'s `mediaId`. */
    addMedia(content: Buffer, mimeType: string) {
      const id = String(1_000_000_000_000 + ++serial);
      media.set(id, { id, mimeType, content, expired: false });
      return id;
    },
    expireMedia(id: string) {
      const item = media.get(id);
      if (item) item.expired = true;
    },
    /** The next send answers this error at once (then sends work again). */
    failNextSend(failure: { status?: number; code: number; title: string; details?: string }) {
      failures.push({ status: 400, details: failure.title, ...failure });
    },
    /** Says the person last wrote at `at` (their window runs 24 hours from it). */
    setLastInbound(from: string, at: Date) {
      lastInbound.set(from, at.getTime());
    },
    inboundPayload,
    statusPayload,
    post,
    deliverMessage,
    deliverStatus,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type InboundOptions = {
  /** The sender's number, digits only (Meta's `wa_id`). */
  from: string;
  name?: string;
  wamid?: string;
  at?: Date;
  type?: "text" | "image" | "document" | "audio" | "video" | "sticker" | "location" | "unsupported";
  text?: string;
  mediaId?: string;
  caption?: string;
  filename?: string;
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  contextWamid?: string;
};

export type StatusOptions = {
  error?: { code: number; title: string };
  recipient?: string;
  at?: Date;
};

export type FakeWhatsapp = Awaited<ReturnType<typeof startFakeWhatsapp>>;

export type FakeChannel = {
  accessToken: string;
  appSecret: string;
  phoneNumberId: string;
  businessAccountId: string;
};

/** The app's environment for a channel connected to the fake at `graphUrl`. */
export const whatsappEnvFor = (channel: FakeChannel, graphUrl: string) => ({
  WHATSAPP_ACCESS_TOKEN: channel.accessToken,
  WHATSAPP_PHONE_NUMBER_ID: channel.phoneNumberId,
  WHATSAPP_BUSINESS_ACCOUNT_ID: channel.businessAccountId,
  WHATSAPP_APP_SECRET: channel.appSecret,
  WHATSAPP_VERIFY_TOKEN: "verify-token-of-the-tests",
  WHATSAPP_GRAPH_URL: graphUrl,
});
