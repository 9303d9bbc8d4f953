import type { SharedState } from "../platform/shared-state";
import { Throttle } from "../platform/throttle";

export interface ThrottleLimits {
  /** Failed logins from one address, on any account: a ceiling for spraying (login-throttle.ts). */
  loginFailuresPerIp: [points: number, seconds: number];
  /** Failed logins for one account from one address: the limit on guessing a password. */
  loginFailuresPerAccountAndIp: [points: number, seconds: number];
  /** Failed logins for one account, from anywhere: a ceiling for guessing from many addresses. */
  loginFailuresPerAccount: [points: number, seconds: number];
  /** Wrong codes at the second step of a sign-in, for one account. */
  mfaCodeFailuresPerAccount: [points: number, seconds: number];
  registrationsPerIp: [points: number, seconds: number];
  /** Wrong passwords and codes given in a session to confirm a change (an API key, a new password). */
  sessionConfirmationsPerUser: [points: number, seconds: number];
  /** Email changes by one account: each tells whether an address is taken, like registering. */
  emailChangesPerUser: [points: number, seconds: number];
  resetRequestsPerIp: [points: number, seconds: number];
  resetRequestsPerEmail: [points: number, seconds: number];
  clientLogsPerIp: [points: number, seconds: number];
  /** Kilobytes of client logs one address may store without signing in. */
  anonymousClientLogKilobytesPerIp: [points: number, seconds: number];
  /** Requests made with one API key. */
  apiKeyRequests: [points: number, seconds: number];
}

export const defaultThrottleLimits: ThrottleLimits = {
  loginFailuresPerIp: [500, 15 * 60],
  loginFailuresPerAccountAndIp: [10, 15 * 60],
  loginFailuresPerAccount: [100, 15 * 60],
  mfaCodeFailuresPerAccount: [10, 15 * 60],
  registrationsPerIp: [30, 60 * 60],
  sessionConfirmationsPerUser: [10, 15 * 60],
  emailChangesPerUser: [10, 60 * 60],
  resetRequestsPerIp: [30, 60 * 60],
  resetRequestsPerEmail: [5, 15 * 60],
  clientLogsPerIp: [120, 60],
  anonymousClientLogKilobytesPerIp: [64, 60],
  apiKeyRequests: [300, 60],
};

export function createThrottles(
  state: Pick<SharedState, "counter">,
  limits: Partial<ThrottleLimits> = {},
) {
  const all = { ...defaultThrottleLimits, ...limits };
  const throttle = (name: keyof ThrottleLimits) => {
    const [points, seconds] = all[name];
    return new Throttle(state.counter(name, points, seconds));
  };
  return {
    loginFailuresPerIp: throttle("loginFailuresPerIp"),
    loginFailuresPerAccountAndIp: throttle("loginFailuresPerAccountAndIp"),
    loginFailuresPerAccount: throttle("loginFailuresPerAccount"),
    mfaCodeFailuresPerAccount: throttle("mfaCodeFailuresPerAccount"),
    registrationsPerIp: throttle("registrationsPerIp"),
    sessionConfirmationsPerUser: throttle("sessionConfirmationsPerUser"),
    emailChangesPerUser: throttle("emailChangesPerUser"),
    resetRequestsPerIp: throttle("resetRequestsPerIp"),
    resetRequestsPerEmail: throttle("resetRequestsPerEmail"),
    clientLogsPerIp: throttle("clientLogsPerIp"),
    anonymousClientLogKilobytesPerIp: throttle("anonymousClientLogKilobytesPerIp"),
    apiKeyRequests: throttle("apiKeyRequests"),
  };
}

export type Throttles = ReturnType<typeof createThrottles>;
