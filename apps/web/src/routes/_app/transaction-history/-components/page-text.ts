import { m } from "@ledgerline/messages";
// The page's title and subtitle, shared by its loading layout and the page: kept out of the route
// definition, whose chunk every page loads (/ and /login have no bytes to spare).
export const title = m.nav_transaction_history();
export const subtitle = m.history_subtitle();
