// The page's title and subtitle, shared by its loading layout and the page: kept out of the route
// definition, whose chunk every page loads (/ and /login have no bytes to spare).
export const title = "Audit Logs";
export const subtitle = "Sign-ins, account changes and administrator actions.";
