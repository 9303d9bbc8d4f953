import { m } from "@ledgerline/messages";
import { Pencil, Trash2 } from "lucide-react";
import { Button } from "./Button";

/**
 * A list row's Edit and Delete, named for a screen reader by what they act on ('Edit the deposit
 * of $100.00 on Mar 2, 2026'). Without `onEdit` the row can only be deleted.
 */
export function EditDeleteButtons({
  what,
  onEdit,
  onDelete,
}: {
  what: string;
  onEdit?: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      {onEdit && (
        <Button size="sm" variant="ghost" aria-label={m.ui_edit_what({ what })} onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {m.ui_edit()}
        </Button>
      )}
      <Button size="sm" variant="ghost" aria-label={m.ui_delete_what({ what })} onClick={onDelete}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {m.ui_delete()}
      </Button>
    </div>
  );
}
