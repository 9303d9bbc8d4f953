import { hash, parseOptions, verify, type Algorithm, type Options } from "@node-rs/argon2";

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id; the const enum cannot be read under isolatedModules
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read, never a throw. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker or different parameters than today's. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const options = parseOptions(passwordHash);
    return (
      options.algorithm !== ARGON2_OPTIONS.algorithm ||
      options.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      options.timeCost !== ARGON2_OPTIONS.timeCost ||
      options.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

/**
 * The 49k most common passwords (zxcvbn's list). With zxcvbn's other word lists it holds about
 * 2.5 MB of heap, wanted only when someone chooses a password: it loads with the first choice.
 */
let commonPasswords: Promise<Set<string>> | undefined;

/** Whether the password is among the most common ones, compared case-insensitively. */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
  );
  return (await commonPasswords).has(password.toLowerCase());
}

let unknownUserHash: Promise<string> | undefined;

/**
 * A hash to verify against when the email is unknown, so that a login for a missing account
 * costs the same time as one with a wrong password.
 */
export function hashForUnknownUser(): Promise<string> {
  unknownUserHash ??= hashPassword(crypto.randomUUID());
  return unknownUserHash;
}
