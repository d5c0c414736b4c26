import { describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/infra/env.server";

describe("REPLY_TO and SEND_ACKNOWLEDGEMENTS", () => {
  const load = (variables: Record<string, string>) => loadEnv({ NODE_ENV: "test", ...variables });

  it("default to no Reply-To and acknowledgements on", () => {
    for (const config of [load({}), load({ REPLY_TO: " ", SEND_ACKNOWLEDGEMENTS: "" })]) {
      expect(config.REPLY_TO).toBeUndefined();
      expect(config.SEND_ACKNOWLEDGEMENTS).toBe(true);
    }
  });

  it.each([
    ["false", false],
    ["0", false],
    ["true", true],
    ["1", true],
  ])("SEND_ACKNOWLEDGEMENTS=%s is %s", (value, expected) => {
    expect(load({ SEND_ACKNOWLEDGEMENTS: value }).SEND_ACKNOWLEDGEMENTS).toBe(expected);
  });

  it("reads one Reply-To address", () => {
    expect(load({ REPLY_TO: " admissions@lagostechacademy.ng " }).REPLY_TO).toBe(
      "admissions@lagostechacademy.ng",
    );
  });

  it.each([
    [{ REPLY_TO: "admissions" }, "REPLY_TO: must be one e-mail address"],
    [{ REPLY_TO: "a@x.ng,b@x.ng" }, "REPLY_TO: must be one e-mail address"],
    [{ SEND_ACKNOWLEDGEMENTS: "no" }, 'SEND_ACKNOWLEDGEMENTS: must be "true" or "false"'],
  ])("stops at start-up on %j, naming the variable", (variables, message) => {
    expect(() => load(variables)).toThrow(message);
  });
});
