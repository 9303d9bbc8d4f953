import {
  adminResetPasswordInput,
  authUser,
  forgotPasswordInput,
  loginInput,
  messageResult,
  registerInput,
  resetPasswordInput,
  sessionUser,
  updateEmailInput,
  updatePasswordInput,
  userListRow,
} from "@ledgerline/contracts";
import { z } from "zod";
import { defineRoutes } from "../route";

const idParams = z.object({ id: z.string().describe("The user's numeric id") });

/** The procedures validate; the REST door passes the body through as it came. */
type Body<T extends z.ZodType> = z.input<T>;

export const accountRoutes = defineRoutes([
  {
    method: "POST",
    url: "/auth/login",
    tag: "Accounts",
    summary: "Sign in; answers the user and a bearer token",
    access: "public",
    body: loginInput,
    response: authUser,
    call: (caller, { body }) => caller.auth.login(body as Body<typeof loginInput>),
  },
  {
    method: "POST",
    url: "/auth/register",
    tag: "Accounts",
    summary: "Create an account and sign in",
    access: "public",
    body: registerInput,
    response: authUser,
    call: (caller, { body }) => caller.auth.register(body as Body<typeof registerInput>),
  },
  {
    method: "POST",
    url: "/auth/logout",
    tag: "Accounts",
    summary: "End the session of the bearer token",
    access: "user",
    response: messageResult,
    call: (caller) => caller.auth.logout(),
  },
  {
    method: "POST",
    url: "/auth/forgot-password",
    tag: "Accounts",
    summary: "Mail a password reset link (the same answer whether or not the account exists)",
    access: "public",
    body: forgotPasswordInput,
    response: messageResult,
    call: (caller, { body }) =>
      caller.auth.forgotPassword(body as Body<typeof forgotPasswordInput>),
  },
  {
    method: "POST",
    url: "/auth/reset-password",
    tag: "Accounts",
    summary: "Set a new password with a reset token",
    access: "public",
    body: resetPasswordInput,
    response: messageResult,
    call: (caller, { body }) => caller.auth.resetPassword(body as Body<typeof resetPasswordInput>),
  },
  {
    method: "POST",
    url: "/users/update-password",
    tag: "Account settings",
    summary: "Change the signed-in user's password (other sessions are signed out)",
    access: "user",
    body: updatePasswordInput,
    response: messageResult,
    call: (caller, { body }) =>
      caller.account.updatePassword(body as Body<typeof updatePasswordInput>),
  },
  {
    method: "POST",
    url: "/users/update-email",
    tag: "Account settings",
    summary: "Change the signed-in user's email; the old address is notified",
    access: "user",
    body: updateEmailInput,
    response: sessionUser,
    call: (caller, { body }) => caller.account.updateEmail(body as Body<typeof updateEmailInput>),
  },
  {
    method: "DELETE",
    url: "/users/self",
    tag: "Account settings",
    summary: "Delete the signed-in user's account and all its data (not for admins)",
    access: "user",
    response: messageResult,
    call: (caller) => caller.account.delete(),
  },
  {
    method: "GET",
    url: "/users",
    tag: "Administration",
    summary: "List registered users",
    access: "admin",
    response: z.array(userListRow),
    call: (caller) => caller.users.list(),
  },
  {
    method: "DELETE",
    url: "/users/:id",
    tag: "Administration",
    summary: "Delete a non-admin user",
    access: "admin",
    params: idParams,
    response: messageResult,
    call: (caller, { params }) => caller.users.delete({ id: params.id }),
  },
  {
    method: "POST",
    url: "/users/:id/reset-password",
    tag: "Administration",
    summary: "Set a new password for a non-admin user (their sessions are signed out)",
    access: "admin",
    params: idParams,
    body: adminResetPasswordInput.omit({ id: true }),
    response: messageResult,
    call: (caller, { params, body }) =>
      caller.users.resetPassword({ ...(body as object), id: params.id } as Body<
        typeof adminResetPasswordInput
      >),
  },
]);
