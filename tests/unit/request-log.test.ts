import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logRequests } from "../../server/request-log.server";
import { capturedLogger } from "../support/captured-logger";

/**
 * A private link opens an application to whoever reads it, so the request log never holds one
 * (decision 0054), however the path is written.
 */

const token = "Zk3_q9-TtVb2xYw8MnP4rS6uLhJ0aCdEfGiK1oQ5Rz7";
/** A student application's or a tutor's id, as their links carry it. */
const owner = "5b1e4c3a-0000-4000-8000-00000000abcd";
const captured = capturedLogger();
let origin = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(logRequests(captured.logger));
  app.use((_req, res) => {
    res.status(200).end("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("the request log", () => {
  it("writes every path with a private link without its token, and keeps the rest", async () => {
    const paths = [
      `/application/${token}`,
      `/application/${token}?confirm=accept`,
      `/application/${token}.data`,
      `/application/${token}/paid?reference=LTA-P-7K2M9QX4TB`,
      `/application/${token}/receipts/12`,
      `/application/${token}/proof`,
      `/APPLICATION/${token}`,
      `//application/${token}`,
      `/application/${token.slice(0, 40)}`,
      `/tutor/${owner}/${token.slice(0, 32)}`,
      `/tutor/${owner}/${token.slice(0, 32)}/sessions/${owner}`,
      `/calendar/student/${owner}/${token.slice(0, 32)}.ics`,
      `/calendar/tutor/${owner}/${token.slice(0, 32)}/${owner}.ics`,
      `/CALENDAR/student/${owner}/${token.slice(0, 32)}.ics`,
    ];
    for (const path of paths) await (await fetch(`${origin}${path}`)).text();
    await (await fetch(`${origin}/courses?q=python`)).text();
    const logged = captured.lines.map((line) => JSON.parse(line).req.path);
    expect(logged).toEqual([
      "/application/:token",
      "/application/:token",
      "/application/:token.data",
      "/application/:token/paid",
      "/application/:token/receipts/12",
      "/application/:token/proof",
      "/APPLICATION/:token",
      "//application/:token",
      "/application/:token",
      `/tutor/${owner}/:token`,
      `/tutor/${owner}/:token/sessions/${owner}`,
      `/calendar/student/${owner}/:token.ics`,
      `/calendar/tutor/${owner}/:token/${owner}.ics`,
      `/CALENDAR/student/${owner}/:token.ics`,
      "/courses",
    ]);
    for (const line of captured.lines) expect(line).not.toContain(token.slice(0, 32));
  });
});
