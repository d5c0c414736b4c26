import { createHash } from "node:crypto";

/**
 * Numbers in [0, 1) that depend only on `seed`: a choice made with them is the same in every
 * render and every process until the seed changes, so a page that shows it stays the same
 * bytes for every visitor (and for any cache in front).
 */
export function seededRandom(seed: string): () => number {
  let draw = 0;
  return () => {
    draw += 1;
    return createHash("sha256").update(`${seed}#${draw}`).digest().readUInt32BE(0) / 2 ** 32;
  };
}
