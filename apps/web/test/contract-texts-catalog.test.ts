import { readFileSync } from "node:fs";
import {
  currencyMessages,
  dateInFuture,
  dateOutOfRange,
  EARLIEST_DATE,
  incomeFormMessages,
  importMappingMessages,
  importRequiredColumns,
  investmentAccountMessages,
  jobsMessages,
  LATEST_DATE,
  localeMessages,
  messages,
  transferMessages,
} from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { describe, expect, it } from "vitest";
import { missingColumns, noMapping } from "../src/routes/_app/import/-components/mapping-state";

/**
 * Texts the screens showed from the contracts' English message tables, which a German or Spanish
 * reader read in English: they are catalog messages now, whose English is the contracts' word for
 * word (the spec and the e2e specs quote them).
 */
const shown = [
  ["access-denied.tsx", "registeredUsersOnly", "access_registered_users_only"],
  ["_app/account.tsx", "newPasswordsDoNotMatch", "settings_new_passwords_mismatch"],
  ["_app/account.tsx", "passwordUpdated", "settings_password_updated"],
  ["_app/account.tsx", "failedToUpdatePassword", "settings_password_update_failed"],
  ["_app/account.tsx", "emailRequired", "settings_email_required"],
  ["_app/account.tsx", "passwordRequired", "settings_password_required"],
  ["_app/account.tsx", "emailUpdated", "settings_email_updated"],
  ["_app/account.tsx", "failedToUpdateEmail", "settings_email_update_failed"],
  ["_app/account.tsx", "failedToDeleteAccount", "settings_delete_account_failed"],
  ["_app/_admin/users.tsx", "failedToLoadUsers", "admin_users_load_failed"],
  ["_app/_admin/users.tsx", "confirmDeleteUser", "admin_users_confirm_delete"],
  ["_app/_admin/users.tsx", "failedToDeleteUser", "admin_users_delete_failed"],
  [
    "_app/_admin/-components/ResetPasswordModal.tsx",
    "failedToResetPassword",
    "admin_users_reset_password_failed",
  ],
  ["_app/_admin/audit-logs.tsx", "failedToFetchAuditLogs", "admin_audit_load_failed"],
] as const;

/** The same from the contracts' other tables: [screen, table, its name, text, catalog key]. */
const fromTables = [
  [
    "_app/-components/LocaleSetting.tsx",
    "localeMessages",
    "saved",
    localeMessages.saved,
    "settings_locale_saved",
  ],
  [
    "_app/-components/LocaleSetting.tsx",
    "localeMessages",
    "failedToSave",
    localeMessages.failedToSave,
    "settings_locale_save_failed",
  ],
  [
    "_app/-components/DisplayCurrency.tsx",
    "currencyMessages",
    "saved",
    currencyMessages.saved,
    "settings_currency_saved",
  ],
  [
    "_app/-components/DisplayCurrency.tsx",
    "currencyMessages",
    "failedToSave",
    currencyMessages.failedToSave,
    "settings_currency_save_failed",
  ],
  [
    "_app/-components/DisplayCurrency.tsx",
    "currencyMessages",
    "failedToLoad",
    currencyMessages.failedToLoad,
    "settings_currency_load_failed",
  ],
  [
    "_app/_admin/jobs.tsx",
    "jobsMessages",
    "failedToLoad",
    jobsMessages.failedToLoad,
    "admin_jobs_load_failed",
  ],
  [
    "_app/_admin/-components/FailedJobs.tsx",
    "jobsMessages",
    "failedToLoad",
    jobsMessages.failedToLoad,
    "admin_jobs_load_failed",
  ],
  [
    "_app/_admin/-components/FailedJobs.tsx",
    "jobsMessages",
    "failedToChange",
    jobsMessages.failedToChange,
    "admin_jobs_change_failed",
  ],
  [
    "_app/_admin/-components/FailedJobs.tsx",
    "jobsMessages",
    "confirmRemove",
    jobsMessages.confirmRemove,
    "admin_jobs_confirm_remove",
  ],
] as const;

const moved = [
  ...shown.map(([file, name, key]) => [file, "messages", name, messages[name], key] as const),
  ...fromTables,
];

const source = (file: string) =>
  readFileSync(new URL(`../src/routes/${file}`, import.meta.url), "utf8");

describe("the contracts' texts on the account, admin and access-denied screens", () => {
  it.each(moved)("%s says %s.%s from the catalog", (file, table, name, english, key) => {
    expect(m[key](), "English word for word").toBe(english);
    expect(source(file)).not.toMatch(new RegExp(`\\b${table}\\.${name}\\b`));
    expect(source(file)).toContain(`m.${key}()`);
  });
});

/** The sign-up and password-reset pages' texts: [file under src, contracts' name, catalog key]. */
const signUp = [
  ["lib/password-rules.ts", "passwordTooShort", "password_too_short"],
  ["routes/-components/useRegister.ts", "passwordsDoNotMatch", "password_mismatch"],
  ["routes/-components/useRegister.ts", "registrationFailed", "register_failed"],
  ["routes/-components/RegisterProblem.tsx", "registrationFailed", "register_failed"],
  ["routes/reset-password.tsx", "passwordsDoNotMatch", "password_mismatch"],
  ["routes/forgot-password.tsx", "anErrorOccurred", "forgot_failed"],
  ["routes/forgot-password.tsx", "resetLinkInvalid", "forgot_link_invalid"],
] as const;

const sourceUnderSrc = (file: string) =>
  readFileSync(new URL(`../src/${file}`, import.meta.url), "utf8");

describe("the contracts' texts on the sign-up and password-reset pages", () => {
  it.each(signUp)("%s says messages.%s from the catalog", (file, name, key) => {
    expect(m[key](), "English word for word").toBe(messages[name]);
    expect(sourceUnderSrc(file)).not.toMatch(new RegExp(`\\bmessages\\.${name}\\b`));
    expect(sourceUnderSrc(file)).toContain(`m.${key}()`);
  });

  it("shows the reset page's own failure from the catalog, and compares the English too", () => {
    const page = sourceUnderSrc("routes/reset-password.tsx");
    expect(page).toContain("errorMessage(failure, m.api_auth_invalid_reset_token())");
  });

  it("offers the ways into a taken address in the reader's language", () => {
    const problem = sourceUnderSrc("routes/-components/RegisterProblem.tsx");
    for (const english of ["Is it yours?", "Sign in", "reset your password"])
      expect(problem).not.toContain(english);
    expect(
      [
        m.register_taken_question(),
        m.register_taken_sign_in(),
        m.register_taken_or(),
        m.register_taken_reset(),
      ].join(" ") + m.register_taken_end(),
    ).toBe("Is it yours? Sign in or reset your password.");
  });
});

describe("the import mapping's missing columns", () => {
  it("names each from the catalog, in the server's English word for word", () => {
    const missing = missingColumns(noMapping);
    for (const [field, label] of Object.entries(importRequiredColumns))
      expect(missing[field as keyof typeof missing]).toBe(
        importMappingMessages.columnMissing(label),
      );
    const source = sourceUnderSrc("routes/_app/import/-components/mapping-state.ts");
    expect(source).not.toContain("importMappingMessages.columnMissing(");
  });
});

describe("a server refusal the screens recognise", () => {
  it("offers the move when deleting an account that holds activity, in any answer language", () => {
    const dialog = sourceUnderSrc("routes/_app/accounts/-components/DeleteAccountDialog.tsx");
    expect(m.api_accounts_holds_activity()).toBe(investmentAccountMessages.holdsActivity);
    expect(dialog).toMatch(
      /investmentAccountMessages\.holdsActivity,\s*m\.api_accounts_holds_activity\(\),/,
    );
  });
});

describe("the income, transfer and statement forms' own checks", () => {
  const forms = [
    "routes/_app/income/-components/income-form.ts",
    "routes/_app/accounts/-components/transfer-form.ts",
    "routes/_app/accounts/-components/statement-form.ts",
  ];

  it.each(forms)("%s words its refusals from the catalog, not the contracts' English", (file) => {
    const source = sourceUnderSrc(file);
    for (const english of [
      "dateOutOfRange(",
      "dateInFuture(",
      "incomeFormMessages.",
      "marketMessages.",
      "transferMessages.",
      "Notes must be at most",
    ])
      expect(source).not.toContain(english);
  });

  it("has the server's English word for word in the catalog's", () => {
    const range = { earliest: EARLIEST_DATE, latest: LATEST_DATE };
    expect(m.api_date_out_of_range({ label: m.api_term_transfer_date(), ...range })).toBe(
      dateOutOfRange("Transfer date"),
    );
    expect(m.api_date_in_future({ label: m.api_term_the_ex_date() })).toBe(
      dateInFuture("The ex-date"),
    );
    expect(m.api_income_pay_before_ex()).toBe(incomeFormMessages.payDateBeforeExDate);
    expect(m.cash_date_required()).toBe(incomeFormMessages.dateRequired);
    expect(m.api_transfer_listed_twice({ symbol: "AAPL" })).toBe(
      transferMessages.holdingListedTwice("AAPL"),
    );
  });
});
