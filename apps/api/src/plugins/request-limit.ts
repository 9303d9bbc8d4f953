import { isIPv6 } from "node:net";
import { format } from "@lukeed/ms";
import type { RequestCount } from "@ledgerline/api/platform/shared-state/shared-state";
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { Address6 } from "ip-address";
import {
  RateLimiterCompatibleAbstract,
  RateLimiterMemory,
  RateLimiterRes,
  type RateLimiterLike,
} from "rate-limiter-flexible";

export interface RequestLimitOptions {
  /** Requests per window per client address. */
  max: number;
  windowMs: number;
  /** Counts the deployment's requests (Redis); absent, this process counts in its own memory. */
  count: RequestCount | undefined;
  /** Prefix of the shared count's keys. */
  nameSpace: string;
}

/**
 * The API request limit at the door, counted by rate-limiter-flexible like every other limit
 * (decision 0062): requests per window per client address on /api, checked in each route's
 * onRequest hooks (before its body is read), answered with the `x-ratelimit-*` headers and, past
 * the limit, a 429 with `retry-after`.
 */
export const requestLimitPlugin = fp<RequestLimitOptions>(
  (app, options, done) => {
    const check = requestLimitHook(options.max, requestLimiter(options));
    app.addHook("onRoute", (route) => {
      const hooks = route.onRequest;
      route.onRequest = [...(hooks ? [hooks].flat() : []), check];
    });
    done();
  },
  { name: "request-limit" },
);

/** The limiter: the deployment's batched count when there is one, else this process's memory. */
function requestLimiter(options: RequestLimitOptions): Pick<RateLimiterLike, "consume"> {
  return options.count
    ? new CountedWindowLimiter(options.count, options.nameSpace, options.max, options.windowMs)
    : new RateLimiterMemory({ points: options.max, duration: options.windowMs / 1000 });
}

function requestLimitHook(
  max: number,
  limiter: Pick<RateLimiterLike, "consume">,
): onRequestAsyncHookHandler {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.url.startsWith("/api/")) return;
    let counted: RateLimiterRes;
    try {
      counted = await limiter.consume(clientKey(req.ip));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      reply
        .header("x-ratelimit-limit", max)
        .header("x-ratelimit-remaining", 0)
        .header("x-ratelimit-reset", seconds)
        .header("retry-after", seconds);
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- answered by answerError
      throw {
        statusCode: 429,
        message: `Too many requests; try again in ${format(seconds * 1000, true)}`,
        code: "TOO_MANY_REQUESTS",
      };
    }
    reply
      .header("x-ratelimit-limit", max)
      .header("x-ratelimit-remaining", Math.max(0, max - counted.consumedPoints))
      .header("x-ratelimit-reset", Math.ceil(counted.msBeforeNext / 1000));
  };
}

/**
 * A client's key: its IPv4 address, or its IPv6 /64 network (one subscriber's usual share, so
 * a client cannot step past its limit by moving within it); an IPv4-mapped address is its IPv4.
 */
function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return new Address6(`${ip}/64`).startAddress().correctForm();
}

/**
 * rate-limiter-flexible's fixed window over the shared state's request count, which sends the
 * counts of one turn of the event loop to Redis as one script call (redis-batch.ts) rather than
 * a command per request on the hottest path. Only `consume` is needed.
 */
class CountedWindowLimiter extends RateLimiterCompatibleAbstract {
  constructor(
    private readonly count: RequestCount,
    private readonly nameSpace: string,
    private readonly points: number,
    private readonly windowMs: number,
  ) {
    super();
  }

  override async consume(key: string | number): Promise<RateLimiterRes> {
    const { current, ttl } = await this.count(`${this.nameSpace}${key}`, this.windowMs);
    const res = new RateLimiterRes(Math.max(this.points - current, 0), ttl, current, current === 1);
    // rate-limiter-flexible's contract: a refusal rejects with its RateLimiterRes, not an Error.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (current > this.points) throw res;
    return res;
  }
}
