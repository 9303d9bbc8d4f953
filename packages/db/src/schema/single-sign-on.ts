import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function singleSignOnTables(k: ColumnKit, refs: Owned) {
  /**
   * A user's account at an OpenID Connect provider. A sign-in matches the ID token's issuer and
   * subject here first; the e-mail only links an account once, and only when the provider says
   * it verified it. Deleting the user deletes the link.
   */
  const ssoIdentities = k.table(
    "sso_identities",
    {
      id: k.id(),
      userId: refs.ownerId(),
      issuer: k.text("issuer").notNull(),
      subject: k.text("subject").notNull(),
      /** The e-mail the provider gave when the link was made (for the audit trail). */
      email: k.text("email").notNull(),
      createdAt: k.instant("created_at").notNull(),
      lastUsedAt: k.instant("last_used_at"),
    },
    (table) => [
      k.uniqueIndex("sso_identities_issuer_subject_idx").on(table.issuer, table.subject),
      k.index("sso_identities_user_id_idx").on(table.userId),
    ],
  );

  /**
   * Deployment-wide settings an admin changes at run time (one row per setting; the value is
   * JSON), so every process reads the same answer without a restart.
   */
  const appSettings = k.table("app_settings", {
    key: k.text("key").primaryKey(),
    value: k.json("value").notNull(),
    updatedAt: k.instant("updated_at").notNull(),
    updatedBy: k.integer("updated_by").references(() => refs.users.id, { onDelete: "set null" }),
  });

  /**
   * Sign-ins through the provider still under way, each spent once. Keyed by the SHA-256 of a
   * random token: first the `state` sent to the provider (with the PKCE verifier and the nonce
   * its answer must match), then, once the provider's answer checked out, the one-time code the
   * login page trades for a session (with the user). Kept in the database so any process of the
   * deployment can finish a sign-in another one started.
   */
  const ssoSignIns = k.table(
    "sso_sign_ins",
    {
      tokenHash: k.text("token_hash").primaryKey(),
      codeVerifier: k.text("code_verifier"),
      nonce: k.text("nonce"),
      userId: k.integer("user_id").references(() => refs.users.id, { onDelete: "cascade" }),
      createdAt: k.instant("created_at").notNull(),
      expiresAt: k.instant("expires_at").notNull(),
    },
    (table) => [k.index("sso_sign_ins_expires_at_idx").on(table.expiresAt)],
  );

  return { ssoIdentities, appSettings, ssoSignIns };
}
