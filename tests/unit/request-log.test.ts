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
      "/courses",
    ]);
    for (const line of captured.lines) expect(line).not.toContain(token.slice(0, 40));
  });
});
