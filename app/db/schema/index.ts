// The schema, one file per owning feature (columns.ts: helpers they share); drizzle-kit, the
// client and every `~/db/schema` import read them all through here.

export * from "./application-events";
export * from "./applications";
export * from "./auth";
export * from "./certificates";
export * from "./cohort";
export * from "./conversations";
export * from "./counters";
export * from "./courses";
export * from "./discounts";
export * from "./intakes";
export * from "./message-events";
export * from "./messages";
export * from "./outgoing-mail";
export * from "./payments";
export * from "./saved-replies";
export * from "./sponsors";
export * from "./transfer-accounts";
export * from "./tutors";
export * from "./values";
export * from "./whatsapp";
