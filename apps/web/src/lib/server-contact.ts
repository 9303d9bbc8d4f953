/** When a call last reached the server; the session monitor keeps the server session alive from it. */
export const lastServerContact = { at: Date.now() };
