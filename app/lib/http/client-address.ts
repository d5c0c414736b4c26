import { headerText } from "../text/outside-text";

/**
 * The header through which server/app.ts hands the visitor's address to the app. The server
 * overwrites whatever a client sent under this name with the socket address (or, behind
 * TRUST_PROXY proxies, the address those proxies saw), so it cannot be forged from outside.
 */
export const CLIENT_ADDRESS_HEADER = "x-academy-client-address";

export function clientAddress(request: Request): string | null {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || null;
}

/** What the server records about a visitor who submits a public form. */
export function requestOrigin(request: Request) {
  return {
    ipAddress: clientAddress(request),
    userAgent: headerText(request.headers.get("user-agent"), 500),
    referrer: headerText(request.headers.get("referer"), 500),
  };
}
