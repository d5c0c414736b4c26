import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { env } from "./env.server";

/*
 * Staff passwords, hashed with scrypt in Better Auth's own format (`salt:key` in hex, the salt's
 * hex text as scrypt's salt, the password NFKC-normalised), so that every hash Better Auth wrote
 * verifies here and going back to its default would lose nobody. Better Auth's cost (N 16384,
 * r 16: 32 MiB and about a quarter of a second of CPU per hash here) is what protects a leaked
 * database. The test suites, which make and sign in hundreds of staff accounts, hash at a cost
 * of 1024 (PASSWORD_HASH_COST=test), which the configuration refuses for a site that is not on
 * this machine (decision 0076).
 */

export type PasswordHashCost = "standard" | "test";

const KEY_BYTES = 64;
const BLOCK_SIZE = 16;
const COST_FACTOR: Record<PasswordHashCost, number> = { standard: 16_384, test: 1_024 };

function keyOf(password: string, salt: string, cost: PasswordHashCost) {
  const N = COST_FACTOR[cost];
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_BYTES,
      { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashing and checking at one cost; `hashPassword` and `verifyPassword` use the configured one. */
export function scryptHasher(cost: PasswordHashCost) {
  return {
    async hash(password: string) {
      const salt = randomBytes(16).toString("hex");
      return `${salt}:${(await keyOf(password, salt, cost)).toString("hex")}`;
    },
    /** False for a wrong password and for a stored value that is no hash of ours. */
    async verify({ hash, password }: { hash: string; password: string }) {
      const [salt, key, rest] = hash.split(":");
      if (!salt || !key || rest !== undefined || !/^(?:[0-9a-f]{2}){64}$/.test(key)) return false;
      return timingSafeEqual(await keyOf(password, salt, cost), Buffer.from(key, "hex"));
    },
  };
}

/** At the configured cost (Better Auth's, unless PASSWORD_HASH_COST says test), read each call. */
export const hashPassword = (password: string) =>
  scryptHasher(env().PASSWORD_HASH_COST).hash(password);

export const verifyPassword = (stored: { hash: string; password: string }) =>
  scryptHasher(env().PASSWORD_HASH_COST).verify(stored);
