// The part of autocannon 9 (a devDependency without types of its own) the edge suite uses.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  /** One HTTP client (a connection); emits `headers` with each answer's head. */
  export interface Client extends EventEmitter {
    on(event: "headers", listener: (head: { statusCode: number; headers: string[] }) => void): this;
  }

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** Each connection goes through these in turn, again and again. */
    requests?: Array<{ method?: string; path?: string }>;
    setupClient?: (client: Client) => void;
  };

  export type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };

  /** The run: a promise of its result, emitting `response` for each answer. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: "response",
      listener: (client: Client, statusCode: number, bytes: number, milliseconds: number) => void,
    ): this;
  }

  export default function autocannon(options: Options): Instance;
}
