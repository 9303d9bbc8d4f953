import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** A fixed-window counter per key; the memory store can be swapped for rate-limiter-flexible's Redis one. */
export class Throttle {
  readonly #limiter: RateLimiterMemory;

  constructor(points: number, durationSeconds: number) {
    this.#limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  }

  /** Counts one attempt; false when the key is over its limit. */
  async tryConsume(key: string): Promise<boolean> {
    try {
      await this.#limiter.consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  /** Gives back an attempt counted by tryConsume, e.g. once a login turned out right. */
  async refund(key: string): Promise<void> {
    await this.#limiter.reward(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.#limiter.delete(key);
  }
}

export interface ThrottleLimits {
  /** Failed logins from one address. */
  loginFailuresPerIp: [points: number, seconds: number];
  /** Failed logins for one account, from anywhere. */
  loginFailuresPerAccount: [points: number, seconds: number];
  registrationsPerIp: [points: number, seconds: number];
  resetRequestsPerIp: [points: number, seconds: number];
  resetRequestsPerEmail: [points: number, seconds: number];
  clientLogsPerIp: [points: number, seconds: number];
}

export const defaultThrottleLimits: ThrottleLimits = {
  loginFailuresPerIp: [50, 15 * 60],
  loginFailuresPerAccount: [10, 15 * 60],
  registrationsPerIp: [30, 60 * 60],
  resetRequestsPerIp: [30, 60 * 60],
  resetRequestsPerEmail: [5, 15 * 60],
  clientLogsPerIp: [120, 60],
};

export function createThrottles(limits: Partial<ThrottleLimits> = {}) {
  const l = { ...defaultThrottleLimits, ...limits };
  return {
    loginFailuresPerIp: new Throttle(...l.loginFailuresPerIp),
    loginFailuresPerAccount: new Throttle(...l.loginFailuresPerAccount),
    registrationsPerIp: new Throttle(...l.registrationsPerIp),
    resetRequestsPerIp: new Throttle(...l.resetRequestsPerIp),
    resetRequestsPerEmail: new Throttle(...l.resetRequestsPerEmail),
    clientLogsPerIp: new Throttle(...l.clientLogsPerIp),
  };
}

export type Throttles = ReturnType<typeof createThrottles>;
