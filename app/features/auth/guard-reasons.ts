/** Why a portal guard refused a request; the error screens read it from the response data. */
export const AUTH_ERROR = "auth-error";
export const ACCESS_DENIED = "access-denied";
