import { m } from "@ledgerline/messages";
import type { ReactNode } from "react";

/**
 * The 'Total' row at the foot of a small figures table (the income forecast's, the allocation's):
 * its heading spans `span` columns, its cells (`children`) follow.
 */
export function TotalFoot({ span, children }: { span?: number; children: ReactNode }) {
  return (
    <tfoot>
      <tr className="border-t border-border font-medium">
        <th scope="row" colSpan={span} className="py-1.5 pr-3 text-left">
          {m.ui_total()}
        </th>
        {children}
      </tr>
    </tfoot>
  );
}
