import { randomUUID } from "node:crypto";
import type { WhatsappContent } from "~/db/schema";
import { MAX_ATTACHMENT_BYTES } from "~/features/uploads/received-file-rules";
import { keepFiles } from "~/features/uploads/received-files.server";
import { BodyTooLargeError } from "~/lib/http/bounded-body.server";
import { mailAttachments } from "~/lib/infra/storage/index.server";
import { type GraphApi, GraphUnavailableError } from "./graph-api.server";
import type { InboundMessage } from "./webhook-payload";

/** Why a visitor's WhatsApp file is not in the conversation, as staff are told. */
export const refusedMediaReasons = {
  tooLarge: "Not kept: larger than 10 MB",
  type: "Not kept: only photos (JPEG, PNG, WebP), PDF files and voice notes are accepted",
  unreachable:
    "Not kept: WhatsApp did not hand the file over; ask them to send it again if it matters",
} as const;

const mediaTypes = ["image", "document", "audio", "video", "sticker"] as const;
type MediaType = (typeof mediaTypes)[number];

/** The message's file, if it carries one: Meta's media id, and a name for staff. */
export function mediaOf(message: InboundMessage) {
  const type = mediaTypes.find((name) => name === message.type);
  const media = type ? message[type] : undefined;
  if (!type || !media) return null;
  return { type, id: media.id, name: media.filename?.trim() || defaultNames[type] };
}

const defaultNames: Record<MediaType, string> = {
  image: "Photo",
  document: "Document",
  audio: "Voice note",
  video: "Video",
  sticker: "Sticker",
};

/** Audio as WhatsApp records and forwards it, recognised by its first bytes. */
function audioType(head: Buffer): { type: string; extension: string } | null {
  if (head.subarray(0, 4).toString("latin1") === "OggS")
    return { type: "audio/ogg", extension: "ogg" };
  if (head.subarray(0, 5).toString("latin1") === "#!AMR")
    return { type: "audio/amr", extension: "amr" };
  if (
    head.subarray(0, 3).toString("latin1") === "ID3" ||
    (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)
  )
    return { type: "audio/mpeg", extension: "mp3" };
  if (head.subarray(4, 8).toString("latin1") === "ftyp")
    return { type: "audio/mp4", extension: "m4a" };
  return null;
}

/**
 * Tries a fetch from Meta three times (a second apart, then three) while Meta is out of reach:
 * its links live minutes, so the job cannot wait for its own retries. A refusal is final.
 */
async function withRetries<T>(work: () => Promise<T>): Promise<T> {
  const waits = [1_000, 3_000];
  for (const wait of waits) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof GraphUnavailableError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return work();
}

/**
 * A visitor's file, fetched from Meta on arrival (its link expires within minutes) and passed
 * through the checks of every upload: photos decoded and written again, PDFs with scripts
 * refused, voice notes recognised by their content; at most 10 MB, read no further. What is
 * kept lands in the private mail-attachments bucket; what is not is noted with its reason.
 */
export async function keepMedia(
  api: GraphApi,
  media: NonNullable<ReturnType<typeof mediaOf>>,
): Promise<Pick<WhatsappContent, "file" | "refusedFile">> {
  const refuse = (reason: string) => ({ refusedFile: { name: media.name, reason } });
  if (media.type === "video") return refuse(refusedMediaReasons.type);
  let content: Buffer;
  try {
    const info = await withRetries(() => api.mediaInfo(media.id));
    if (info.size !== null && info.size > MAX_ATTACHMENT_BYTES)
      return refuse(refusedMediaReasons.tooLarge);
    content = await withRetries(() => api.downloadMedia(info.url, MAX_ATTACHMENT_BYTES));
  } catch (error) {
    return refuse(
      error instanceof BodyTooLargeError
        ? refusedMediaReasons.tooLarge
        : refusedMediaReasons.unreachable,
    );
  }
  const folder = `whatsapp/${randomUUID()}`;
  if (media.type === "audio") {
    const audio = audioType(content.subarray(0, 12));
    if (!audio) return refuse(refusedMediaReasons.type);
    const key = `${folder}/1.${audio.extension}`;
    await mailAttachments().put(key, content, audio.type);
    return { file: { key, name: media.name, contentType: audio.type, size: content.length } };
  }
  const { kept, refused } = await keepFiles([{ name: media.name, content }], folder);
  const [file] = kept;
  if (file)
    return { file: { key: file.key, name: file.name, contentType: file.type, size: file.size } };
  return refuse(
    refused[0]?.reason.startsWith("Not kept: only")
      ? refusedMediaReasons.type
      : (refused[0]?.reason ?? refusedMediaReasons.type),
  );
}
