/**
 * Meta's WhatsApp Cloud API (the Graph API): the five calls the academy makes (send a text,
 * send a template, read a media item's details, download it, list the approved templates).
 *
 * No SDK: Meta's Node SDK for WhatsApp was archived, and these are plain JSON calls with a bearer
 * token over `fetch` (as Chatwoot makes them). Written against Meta's reference: an error answer
 * is `{ error: { code, message, error_data? } }`; a sent message's answer is
 * `{ messages: [{ id }] }`. Every answer is parsed and bounded before use; nothing here logs,
 * and no error carries a phone number or a message's text.
 */
import * as z from "zod/mini";
import { BodyTooLargeError, readBoundedBody } from "~/lib/http/bounded-body.server";
import type { WhatsappConfig } from "~/lib/infra/env.server";

/** Meta refused the call, with its error code and title (shown to staff on the message). */
export class GraphRefusedError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    readonly title: string,
  ) {
    super(`WhatsApp refused (HTTP ${httpStatus}, code ${code ?? "none"}): ${title}`);
    this.name = "GraphRefusedError";
  }
}

/** Meta could not be reached, timed out, or answered what does not parse: try again later. */
export class GraphUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GraphUnavailableError";
  }
}

/** A JSON answer is small; a larger one is not Meta's. */
const MAX_JSON_BYTES = 256 * 1024;
/** At most this many pages of templates are read (Meta pages them 25 at a time by default). */
const MAX_TEMPLATE_PAGES = 10;

const bounded = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

const errorAnswer = z.object({
  error: z.object({
    code: z.optional(z.number()),
    message: z.optional(z.string()),
    error_user_title: z.optional(z.string()),
    error_data: z.optional(z.object({ details: z.optional(z.string()) })),
  }),
});

const sentAnswer = z.object({
  messages: z.array(z.object({ id: bounded(200) })).check(z.minLength(1)),
});

const mediaAnswer = z.object({
  url: z.url({ protocol: /^https?$/ }),
  mime_type: bounded(200),
  file_size: z.optional(z.number()),
});

const templateComponent = z.object({
  type: bounded(40),
  format: z.optional(z.string()),
  text: z.optional(z.string().check(z.maxLength(4096))),
});
const templatesAnswer = z.object({
  data: z.array(
    z.object({
      name: bounded(512),
      language: bounded(20),
      status: bounded(40),
      category: z.optional(z.string()),
      components: z.optional(z.array(templateComponent)),
    }),
  ),
  paging: z.optional(z.object({ next: z.optional(z.url({ protocol: /^https?$/ })) })),
});

export type WhatsappTemplate = {
  name: string;
  language: string;
  category: string;
  /** The body's text with its `{{1}}`-style parameters. */
  body: string;
  /** How many parameters the body takes. */
  parameterCount: number;
};

export type TemplateToSend = { name: string; language: string; parameters: string[] };

/** Media details: where to download it (a link that needs the token and soon expires). */
export type MediaInfo = { url: string; mimeType: string; size: number | null };

export function graphApi(config: WhatsappConfig, { timeoutMs = 10_000 } = {}) {
  const headers = { authorization: `Bearer ${config.accessToken}` };

  async function request(url: string, what: string, body?: object) {
    try {
      return await fetch(url, {
        method: body ? "POST" : "GET",
        headers: body ? { ...headers, "content-type": "application/json" } : headers,
        body: body ? JSON.stringify(body) : undefined,
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GraphUnavailableError(`WhatsApp could not be reached (${what})`, { cause: error });
    }
  }

  /** One JSON call: the parsed answer of a 2xx, or a thrown Refused or Unavailable error. */
  async function call<T>(url: string, what: string, schema: z.ZodMiniType<T>, body?: object) {
    const response = await request(url, what, body);
    let json: unknown;
    try {
      json = JSON.parse((await readBoundedBody(response, MAX_JSON_BYTES)).toString("utf8"));
    } catch (error) {
      if (response.ok || error instanceof BodyTooLargeError)
        throw new GraphUnavailableError(`WhatsApp's answer could not be read (${what})`, {
          cause: error,
        });
      json = null;
    }
    if (!response.ok) throw refusalOf(response.status, json, what);
    const parsed = z.safeParse(schema, json);
    if (!parsed.success)
      throw new GraphUnavailableError(`WhatsApp's answer has an unexpected shape (${what})`);
    return parsed.data;
  }

  const messagesUrl = `${config.graphUrl}/${config.phoneNumberId}/messages`;
  const sent = (answer: z.infer<typeof sentAnswer>) => answer.messages[0]?.id ?? "";

  return {
    /** Sends free text (inside the 24-hour window); resolves to the message's wamid. */
    async sendText(to: string, body: string, replyTo?: string) {
      const message = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to,
        type: "text",
        text: { body, preview_url: false },
        ...(replyTo ? { context: { message_id: replyTo } } : {}),
      };
      return sent(await call(messagesUrl, "send a message", sentAnswer, message));
    },

    /** Sends an approved template, its body's parameters in order; resolves to its wamid. */
    async sendTemplate(to: string, template: TemplateToSend) {
      const parameters = template.parameters.map((text) => ({ type: "text", text }));
      const message = {
        messaging_product: "whatsapp",
        to,
        type: "template",
        template: {
          name: template.name,
          language: { code: template.language },
          components: parameters.length ? [{ type: "body", parameters }] : [],
        },
      };
      return sent(await call(messagesUrl, "send a template", sentAnswer, message));
    },

    async mediaInfo(mediaId: string): Promise<MediaInfo> {
      const url = `${config.graphUrl}/${encodeURIComponent(mediaId)}`;
      const answer = await call(url, "read a media item", mediaAnswer);
      return { url: answer.url, mimeType: answer.mime_type, size: answer.file_size ?? null };
    },

    /** Downloads a media item's bytes, at most `maxBytes` (a larger one throws BodyTooLargeError). */
    async downloadMedia(url: string, maxBytes: number) {
      const response = await request(url, "download a media item");
      if (!response.ok) {
        await response.body?.cancel();
        if (response.status === 429 || response.status >= 500)
          throw new GraphUnavailableError(`WhatsApp's media link answered HTTP ${response.status}`);
        // Gone for good (expired, or not ours): asking again will not bring it back.
        throw new GraphRefusedError(response.status, null, "The media link no longer works");
      }
      return readBoundedBody(response, maxBytes);
    },

    /** The business account's approved templates (other statuses cannot be sent). */
    async approvedTemplates(): Promise<WhatsappTemplate[]> {
      const templates: WhatsappTemplate[] = [];
      let url: string | undefined =
        `${config.graphUrl}/${config.businessAccountId}/message_templates?fields=name,language,status,category,components&limit=100`;
      for (let page = 0; url && page < MAX_TEMPLATE_PAGES; page++) {
        const answer: z.infer<typeof templatesAnswer> = await call(
          url,
          "list the templates",
          templatesAnswer,
        );
        for (const template of answer.data) {
          if (template.status !== "APPROVED") continue;
          const body = template.components?.find((part) => part.type === "BODY")?.text ?? "";
          templates.push({
            name: template.name,
            language: template.language,
            category: template.category ?? "",
            body,
            parameterCount: new Set(body.match(/\{\{\d+\}\}/g) ?? []).size,
          });
        }
        url = answer.paging?.next;
      }
      return templates;
    },
  };
}

export type GraphApi = ReturnType<typeof graphApi>;

function refusalOf(status: number, json: unknown, what: string) {
  const parsed = z.safeParse(errorAnswer, json);
  if (status === 429 || status >= 500) {
    // A rate limit is still Meta's answer to show; an outage is not.
    if (parsed.success && parsed.data.error.code !== undefined)
      return new GraphRefusedError(status, parsed.data.error.code, titleOf(parsed.data.error));
    return new GraphUnavailableError(`WhatsApp answered HTTP ${status} (${what})`);
  }
  if (!parsed.success) return new GraphRefusedError(status, null, `HTTP ${status}`);
  return new GraphRefusedError(status, parsed.data.error.code ?? null, titleOf(parsed.data.error));
}

function titleOf(error: z.infer<typeof errorAnswer>["error"]) {
  // Meta writes its message as '(#130429) Rate limit hit': the code is shown apart.
  const title = (error.error_user_title ?? error.message ?? "Refused").replace(/^\(#\d+\)\s*/, "");
  const details = error.error_data?.details;
  return (details && details !== title ? `${title}: ${details}` : title).slice(0, 500);
}
