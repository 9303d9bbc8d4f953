import { hash, parseOptions, verify, type Algorithm, type Options } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

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

const commonPasswords = new Set(dictionary["passwords-common"]);

/** The 49k most common passwords (zxcvbn's list), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
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
