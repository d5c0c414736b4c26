import type { RequestHandler } from "express";

export function compressResponses(): RequestHandler;
