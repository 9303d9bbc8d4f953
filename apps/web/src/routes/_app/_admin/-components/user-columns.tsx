import { m } from "@ledgerline/messages";
import type { UserListRow } from "@ledgerline/contracts";
import { createColumnHelper } from "@tanstack/react-table";
import { Badge } from "../../../../components/ui/Badge";
import { Button } from "../../../../components/ui/Button";
import { Moment } from "./Moment";

const column = createColumnHelper<UserListRow>();

/**
 * The users table's columns: name, email, role, dates, login counts, and the buttons resetting a
 * user's password or deleting them (an admin is not changed here).
 */
export function userColumns(
  onReset: (user: UserListRow) => void,
  onDelete: (user: UserListRow) => void,
) {
  return [
    column.accessor("name", {
      header: m.admin_col_name(),
      cell: (info) => (
        <span className="block max-w-40 font-medium [overflow-wrap:anywhere]">
          {info.getValue()}
        </span>
      ),
    }),
    column.accessor("email", {
      header: m.admin_col_email(),
      // Long addresses break anywhere rather than widen the table past its box.
      cell: (info) => (
        <span className="block max-w-64 [overflow-wrap:anywhere]">{info.getValue()}</span>
      ),
    }),
    column.accessor("isAdmin", {
      header: m.admin_col_role(),
      cell: (info) =>
        info.getValue() ? (
          <Badge tone="info">{m.admin_role_admin()}</Badge>
        ) : (
          <Badge>{m.admin_role_user()}</Badge>
        ),
    }),
    column.accessor("createdDate", {
      header: m.admin_col_created(),
      cell: (info) => <Moment iso={info.getValue()} />,
    }),
    column.accessor("lastLoginDate", {
      header: m.admin_col_last_login(),
      cell: (info) => <Moment iso={info.getValue()} />,
      sortUndefined: "last",
    }),
    column.accessor("numberOfLogins", { header: m.admin_col_logins(), meta: { numeric: true } }),
    column.accessor("failedLogins", {
      header: m.admin_col_failed_logins(),
      meta: { numeric: true },
    }),
    column.display({
      id: "actions",
      header: m.admin_col_actions(),
      meta: { pinned: true },
      cell: ({ row }) =>
        row.original.isAdmin ? (
          <span className="block max-w-36 text-xs text-muted">{m.admin_admins_unchangeable()}</span>
        ) : (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onReset(row.original)}
              aria-label={m.admin_reset_password_of({ email: row.original.email })}
            >
              {m.admin_reset_password_button()}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => onDelete(row.original)}
              aria-label={m.ui_delete_what({ what: row.original.email })}
            >
              {m.ui_delete()}
            </Button>
          </div>
        ),
    }),
  ];
}
