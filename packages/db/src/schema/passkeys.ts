import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function passkeyTables(k: ColumnKit, refs: Owned) {
  /**
   * A user's WebAuthn credentials (passkeys). A credential id is unique across users: an
   * authenticator's credential belongs to the one account it was registered to. The public key
   * is the COSE key as the authenticator gave it; `counter` is the signature counter last seen
   * (0 for the many authenticators that never count), `backedUp` whether it syncs.
   */
  const passkeys = k.table(
    "passkeys",
    {
      id: k.id(),
      userId: refs.ownerId(),
      /** base64url, as WebAuthn clients send it. */
      credentialId: k.text("credential_id").notNull().unique(),
      /** base64url of the COSE public key. */
      publicKey: k.text("public_key").notNull(),
      counter: k.bigInteger("counter").notNull(),
      /** The account's WebAuthn user handle (base64url), the same on all its passkeys. */
      userHandle: k.text("user_handle").notNull(),
      /** The authenticator's transports (usb, internal, hybrid, ...), comma-separated. */
      transports: k.text("transports").notNull(),
      deviceType: k.text("device_type", { enum: ["singleDevice", "multiDevice"] }).notNull(),
      backedUp: k.flag("backed_up").notNull(),
      name: k.text("name").notNull(),
      createdAt: k.instant("created_at").notNull(),
      lastUsedAt: k.instant("last_used_at"),
    },
    (table) => [k.index("passkeys_user_id_idx").on(table.userId)],
  );
  return { passkeys };
}
