import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Edge, startNginx } from "../edge/nginx";
import { freePort } from "../support/free-port";

/**
 * The nginx configuration shipped in deploy/nginx/academy.conf logs no private link's token
 * (decision 0054): run in Debian's nginx, in front of a stand-in for the app.
 */

const token = "Zk3_q9-TtVb2xYw8MnP4rS6uLhJ0aCdEfGiK1oQ5Rz7";
let edge: Edge;
const servers: Array<{ close: () => void }> = [];

beforeAll(async () => {
  const app = express().use((_req, res) => {
    res.status(200).end("ok");
  });
  const origins: string[] = [];
  for (let n = 0; n < 2; n++) {
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    servers.push(server);
    origins.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  edge = await startNginx(origins as [string, string], await freePort());
}, 30_000);
afterAll(async () => {
  await edge?.stop();
  for (const server of servers) server.close();
});

describe("the shipped nginx access log", () => {
  it("writes every path with a private link without its token, and keeps the rest", async () => {
    const paths = [
      `/application/${token}`,
      `/application/${token}.data`,
      `/application/${token}/paid?reference=LTA-P-7K2M9QX4TB`,
      `/application/${token}/receipts/12`,
      `/APPLICATION/${token}`,
      "/courses?q=python",
    ];
    for (const path of paths) await (await fetch(`${edge.origin}${path}`)).text();
    const logged = (await edge.accessLog())
      .trim()
      .split("\n")
      .map((line) => line.split(" ")[2]);
    expect(logged).toEqual([
      "/application/:token",
      "/application/:token.data",
      "/application/:token/paid",
      "/application/:token/receipts/12",
      "/APPLICATION/:token",
      "/courses",
    ]);
    expect(await edge.accessLog()).not.toContain(token.slice(0, 40));
  });
});
