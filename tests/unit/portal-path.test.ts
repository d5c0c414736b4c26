import { describe, expect, it } from "vitest";
import { isPortalPath } from "~/lib/router/portal-path";

describe("isPortalPath", () => {
  it("is true for the portal and everything under it, in any letter case", () => {
    for (const path of [
      "/admin-portal",
      "/admin-portal/",
      "/admin-portal/login",
      "/Admin-Portal/Messages",
    ]) {
      expect(isPortalPath(path), path).toBe(true);
    }
  });

  it("is false for public pages, and for a path that only begins like the portal", () => {
    for (const path of [
      "/",
      "/courses",
      "/course/admin-portal",
      "/admin-portals",
      "/admin-portal-x",
    ]) {
      expect(isPortalPath(path), path).toBe(false);
    }
  });
});
