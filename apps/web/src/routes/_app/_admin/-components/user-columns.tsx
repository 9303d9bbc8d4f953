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
      header: "Name",
      cell: (info) => (
        <span className="block max-w-40 font-medium [overflow-wrap:anywhere]">
          {info.getValue()}
        </span>
      ),
    }),
    column.accessor("email", {
      header: "Email",
      // Long addresses break anywhere rather than widen the table past its box.
      cell: (info) => (
        <span className="block max-w-64 [overflow-wrap:anywhere]">{info.getValue()}</span>
      ),
    }),
    column.accessor("isAdmin", {
      header: "Role",
      cell: (info) => (info.getValue() ? <Badge tone="info">Admin</Badge> : <Badge>User</Badge>),
    }),
    column.accessor("createdDate", {
      header: "Created",
      cell: (info) => <Moment iso={info.getValue()} />,
    }),
    column.accessor("lastLoginDate", {
      header: "Last Login",
      cell: (info) => <Moment iso={info.getValue()} />,
      sortUndefined: "last",
    }),
    column.accessor("numberOfLogins", { header: "Logins", meta: { numeric: true } }),
    column.accessor("failedLogins", { header: "Failed Logins", meta: { numeric: true } }),
    column.display({
      id: "actions",
      header: "Actions",
      meta: { pinned: true },
      cell: ({ row }) =>
        row.original.isAdmin ? (
          <span className="block max-w-36 text-xs text-muted">Admins cannot be changed here</span>
        ) : (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onReset(row.original)}
              aria-label={`Reset password of ${row.original.email}`}
            >
              Reset Password
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => onDelete(row.original)}
              aria-label={`Delete ${row.original.email}`}
            >
              Delete
            </Button>
          </div>
        ),
    }),
  ];
}
