import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software (ES256, "none" attestation), so tests send the server the
 * very bytes a browser would: its answers are verified by SimpleWebAuthn as a real one's are.
 */
interface StoredCredential {
  id: Bytes;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

type Bytes = Uint8Array<ArrayBuffer>;

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Bytes | string): Bytes =>
  new Uint8Array(createHash("sha256").update(data).digest());
const b64 = (bytes: Bytes) => isoBase64URL.fromBuffer(bytes);

function uint32(value: number): Bytes {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

function concat(...parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The public key as a COSE EC2 key (kty 2, alg -7 ES256, crv 1 P-256). */
function coseKey(publicKey: KeyObject): Bytes {
  const jwk = publicKey.export({ format: "jwk" });
  const map = new Map<number, number | Bytes>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, isoBase64URL.toBuffer(jwk.x!)],
    [-3, isoBase64URL.toBuffer(jwk.y!)],
  ]);
  return isoCBOR.encode(map);
}

export interface AuthenticatorOptions {
  origin: string;
  /** Whether it verifies its user (a PIN, a fingerprint) on each use. */
  userVerified?: boolean;
  /** Whether its passkeys sync (a password manager's); sets the backup flags. */
  backedUp?: boolean;
  /** How much its counter moves per use; 0 for authenticators that never count. */
  counterStep?: number;
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];
  constructor(readonly options: AuthenticatorOptions) {}

  #flags(extra = 0) {
    const { userVerified = true, backedUp = false } = this.options;
    return FLAG_UP | (userVerified ? FLAG_UV : 0) | (backedUp ? FLAG_BE | FLAG_BS : 0) | extra;
  }

  #clientData(type: string, challenge: string, origin = this.options.origin) {
    return new TextEncoder().encode(
      JSON.stringify({ type, challenge, origin, crossOrigin: false }),
    );
  }

  /** What `navigator.credentials.create` answers for these options. */
  register(
    options: CreationOptions,
    overrides: { origin?: string; rpId?: string; reuse?: StoredCredential } = {},
  ) {
    const rpId = overrides.rpId ?? options.rp.id ?? "";
    let credential = overrides.reuse;
    if (!credential) {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const id = new Uint8Array(randomBytes(32));
      credential = { id, rpId, userHandle: options.user.id, privateKey, publicKey, counter: 0 };
      this.credentials.push(credential);
    }
    const { id, publicKey } = credential;
    const credentialIdLength = new Uint8Array([id.length >> 8, id.length & 0xff]);
    const authData = concat(
      sha256(rpId),
      new Uint8Array([this.#flags(FLAG_AT)]),
      uint32(0),
      new Uint8Array(16),
      credentialIdLength,
      id,
      coseKey(publicKey),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Bytes>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    return {
      id: b64(id),
      rawId: b64(id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64(
          this.#clientData("webauthn.create", options.challenge, overrides.origin),
        ),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
    };
  }

  /**
   * What `navigator.credentials.get` answers: with the credential the options allow, or (a
   * discoverable sign-in) the first one for the RP ID. `credential` picks another.
   */
  authenticate(
    options: RequestOptions,
    overrides: { credential?: StoredCredential; origin?: string; counter?: number } = {},
  ) {
    const allowed = options.allowCredentials?.map((descriptor) => descriptor.id) ?? [];
    const credential =
      overrides.credential ??
      this.credentials.find((stored) =>
        allowed.length > 0 ? allowed.includes(b64(stored.id)) : stored.rpId === options.rpId,
      );
    if (!credential) throw new Error("no credential for these options");
    credential.counter = overrides.counter ?? credential.counter + (this.options.counterStep ?? 1);
    const authenticatorData = concat(
      sha256(credential.rpId),
      new Uint8Array([this.#flags()]),
      uint32(credential.counter),
    );
    const clientDataJSON = this.#clientData("webauthn.get", options.challenge, overrides.origin);
    const signature = sign(
      "sha256",
      concat(authenticatorData, sha256(clientDataJSON)),
      credential.privateKey,
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
    };
  }
}
