import { m } from "@ledgerline/messages";
// The page's title and subtitle, shared by its loading layout and the page: kept out of the route
// definition, whose chunk every page loads (/ and /login have no bytes to spare).
export const title = m.nav_audit_logs();
export const subtitle = m.admin_audit_subtitle();
